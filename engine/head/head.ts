/**
 * The head of a page: title, description, metaList, canonical URL and the JSON-LD its route's
 * flags ask for. FAQ and video facts come from the page's own blocks, each block declaring its
 * contribution (`jsonLd` in its build.ts), so the structured data always matches what the page
 * shows.
 */
import type { HeadData, PublicSite, RouteEntry } from '../types.ts';
import {
  blog,
  blogPosting,
  breadcrumbList,
  faqPage,
  localBusiness,
  organization,
  product,
  videoObject,
  webSite,
  type BlogFacts,
  type BlogPostingFacts,
  type FaqEntry,
  type OrganizationFacts,
  type ProductFacts,
  type VideoFacts,
} from './json-ld.ts';

/** What one block gives its page's JSON-LD: questions for the FAQPage, one VideoObject per video. */
export interface JsonLdFacts {
  faq?: readonly FaqEntry[];
  video?: readonly VideoFacts[];
}

export interface HeadInput {
  route: RouteEntry;
  path: string;
  site: PublicSite;
  org: OrganizationFacts;
  /** The facts of the page's main blocks, in page order. */
  facts: readonly JsonLdFacts[];
  /** Supplied by the catalogue for routes with the product flag. */
  product?: ProductFacts;
  /** Supplied by the blog data for routes with the article and blog flags. */
  blogPosting?: BlogPostingFacts;
  blog?: BlogFacts;
}

/** The blocks' facts merged, entries without their required texts left out. */
function mergeFacts(facts: readonly JsonLdFacts[]) {
  const faqs: FaqEntry[] = [];
  const videos: VideoFacts[] = [];
  for (const { faq, video } of facts) {
    if (Array.isArray(faq))
      for (const f of faq) if (f && typeof f.question === 'string' && typeof f.answer === 'string') faqs.push(f);
    if (Array.isArray(video))
      for (const v of video) if (v && typeof v.title === 'string' && typeof v.videoUrl === 'string') videos.push(v);
  }
  return { faqs, videos };
}

export function buildHead(input: HeadInput): HeadData {
  const { route, site, path } = input;
  const f = route.flags;
  const jsonLd: Record<string, unknown>[] = [];
  if (f.breadcrumb && route.breadcrumbs.length) jsonLd.push(breadcrumbList(site.origin, route.breadcrumbs));
  if (f.searchConsole) jsonLd.push(webSite(site, input.org));
  if (f.organization) jsonLd.push(organization(site, input.org));
  if (f.localBusiness) jsonLd.push(localBusiness(site, input.org));
  if (f.faq || f.video) {
    const { faqs, videos } = mergeFacts(input.facts);
    if (f.faq && faqs.length) jsonLd.push(faqPage(faqs));
    if (f.video) for (const v of videos) jsonLd.push(videoObject(site.origin, v));
  }
  if (f.product && input.product) jsonLd.push(product(site.origin, input.product));
  if (f.article && input.blogPosting) jsonLd.push(blogPosting(site, input.blogPosting));
  if (f.blog && input.blog) jsonLd.push(blog(site, input.blog));
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
