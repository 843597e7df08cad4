/** The blog's URLs on this site (routes.json's blog collections, carried in every page's data). */
import { useMemo } from 'react';
import { useSite } from '../render/context.ts';
import { blogUrlsOf, type BlogUrls } from './posts.ts';

export function useBlogUrls(): BlogUrls {
  const collections = useSite().collections;
  return useMemo(() => blogUrlsOf(collections), [collections]);
}
