/**
 * The head of a page: title, description, metaList, canonical URL and the JSON-LD its route's
 * flags ask for. Facts for FAQ and video JSON-LD are gathered from the page's own blocks
 * (props `faqs: [{question, answer}]` and `videos: [{title, videoUrl, ...}]`), so the
 * structured data always matches what the page shows.
 */
import type { BlockNode, HeadData, PublicSite, RouteEntry } from '../types.ts';
import {
  breadcrumbList,
  faqPage,
  localBusiness,
  organization,
  product,
  videoObject,
  webSite,
  type FaqEntry,
  type OrganizationFacts,
  type ProductFacts,
  type VideoFacts,
} from './json-ld.ts';

export interface HeadInput {
  route: RouteEntry;
  path: string;
  site: PublicSite;
  org: OrganizationFacts;
  blocks: BlockNode[];
  /** Supplied by the catalogue for routes with the product flag. */
  product?: ProductFacts;
}

function collectFromBlocks(blocks: BlockNode[]) {
  const faqs: FaqEntry[] = [];
  const videos: VideoFacts[] = [];
  for (const b of blocks) {
    const p = b.props as { faqs?: unknown; videos?: unknown };
    if (Array.isArray(p.faqs))
      for (const f of p.faqs) if (f && typeof f.question === 'string' && typeof f.answer === 'string') faqs.push(f);
    if (Array.isArray(p.videos))
      for (const v of p.videos) if (v && typeof v.title === 'string' && typeof v.videoUrl === 'string') videos.push(v);
  }
  return { faqs, videos };
}

export function buildHead(input: HeadInput): HeadData {
  const { route, site, path } = input;
  const f = route.flags;
  const jsonLd: Record<string, unknown>[] = [];
  if (f.breadcrumb && route.breadcrumbs.length) jsonLd.push(breadcrumbList(site.origin, route.breadcrumbs));
  if (f.searchConsole) jsonLd.push(webSite(site));
  if (f.organization) jsonLd.push(organization(site, input.org));
  if (f.localBusiness) jsonLd.push(localBusiness(site, input.org));
  if (f.faq || f.video) {
    const { faqs, videos } = collectFromBlocks(input.blocks);
    if (f.faq && faqs.length) jsonLd.push(faqPage(faqs));
    if (f.video) for (const v of videos) jsonLd.push(videoObject(site.origin, v));
  }
  if (f.product && input.product) jsonLd.push(product(site.origin, input.product));
  const canonicalPath = route.canonical ?? (path === '/' ? '/' : path.replace(/\/+$/, ''));
  return {
    title: route.title || site.name,
    description: route.description,
    canonical: site.origin + canonicalPath,
    meta: route.metaList,
    jsonLd,
    tagManager: !!f.tagManager,
  };
}
