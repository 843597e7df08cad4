/**
 * Every block type of the site: type -> loader. Each block is its own chunk in the browser,
 * so a page downloads only the blocks it shows. Keep the list sorted.
 */
import type { BlockLoaders } from '../engine/index.ts';

export const blockLoaders = {
  breadcrumbs: () => import('./breadcrumbs/index.tsx'),
  'cta-band': () => import('./cta-band/index.tsx'),
  'faq-list': () => import('./faq-list/index.tsx'),
  figure: () => import('./figure/index.tsx'),
  heading: () => import('./heading/index.tsx'),
  'link-cards': () => import('./link-cards/index.tsx'),
  'not-found': () => import('./not-found/index.tsx'),
  'rich-text': () => import('./rich-text/index.tsx'),
  'site-footer': () => import('./site-footer/index.tsx'),
  'site-header': () => import('./site-header/index.tsx'),
} satisfies BlockLoaders;
