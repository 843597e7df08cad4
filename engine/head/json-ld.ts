/**
 * schema.org JSON-LD builders, chosen per route by its structured-data flags. Each returns a
 * plain object with @context and @type; `serializeJsonLd` escapes it for a <script> tag.
 */
import type { Breadcrumb, PublicSite } from '../types.ts';
import { youtubeId } from '../ui/youtube.ts';

type Thing = Record<string, unknown>;
const ctx = 'https://schema.org';

const absoluteUrl = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : origin + (url.startsWith('/') ? url : `/${url}`);

export function breadcrumbList(origin: string, items: Breadcrumb[]): Thing {
  return {
    '@context': ctx,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((b, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: b.text,
      item: absoluteUrl(origin, b.url),
    })),
  };
}

export function webSite(site: PublicSite): Thing {
  return {
    '@context': ctx,
    '@type': 'WebSite',
    name: site.name,
    url: `${site.origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}/search?query={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface OrganizationFacts {
  legalName?: string;
  telephone?: string;
  email?: string;
  priceRange?: string;
  address?: Record<string, string>;
  openingHours?: string[];
  sameAs?: string[];
}

export function organization(site: PublicSite, org: OrganizationFacts): Thing {
  return {
    '@context': ctx,
    '@type': 'Organization',
    name: site.name,
    ...(org.legalName && { legalName: org.legalName }),
    url: `${site.origin}/`,
    ...(site.logo && { logo: absoluteUrl(site.origin, site.logo.src) }),
    ...(org.telephone && { telephone: org.telephone }),
    ...(org.email && { email: org.email }),
    ...(org.sameAs?.length && { sameAs: org.sameAs }),
  };
}

export function localBusiness(site: PublicSite, org: OrganizationFacts): Thing {
  return {
    '@context': ctx,
    '@type': 'HomeAndConstructionBusiness',
    name: site.name,
    url: `${site.origin}/`,
    ...(site.logo && { image: absoluteUrl(site.origin, site.logo.src) }),
    ...(org.telephone && { telephone: org.telephone }),
    ...(org.email && { email: org.email }),
    ...(org.priceRange && { priceRange: org.priceRange }),
    ...(org.address && { address: { '@type': 'PostalAddress', ...org.address } }),
    ...(org.openingHours?.length && { openingHours: org.openingHours }),
  };
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export function faqPage(entries: FaqEntry[]): Thing {
  return {
    '@context': ctx,
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer },
    })),
  };
}

export interface VideoFacts {
  title: string;
  description?: string;
  videoUrl: string;
  videoType?: 'youtube' | 'file';
  thumbnail?: string;
  uploadDate?: string;
  /** ISO 8601, e.g. PT4M30S. */
  duration?: string;
}

/**
 * VideoObject: name, description, thumbnailUrl and uploadDate (what search engines require),
 * and where to play it: a YouTube video is an embedUrl (its watch page is not a media file), a
 * video file is a contentUrl.
 */
export function videoObject(origin: string, v: VideoFacts): Thing {
  const yt = v.videoType === 'file' ? null : youtubeId(v.videoUrl);
  return {
    '@context': ctx,
    '@type': 'VideoObject',
    name: v.title,
    description: v.description || v.title,
    ...(v.thumbnail && { thumbnailUrl: [absoluteUrl(origin, v.thumbnail)] }),
    ...(v.uploadDate && { uploadDate: v.uploadDate }),
    ...(v.duration && { duration: v.duration }),
    ...(yt ? { embedUrl: `https://www.youtube.com/embed/${yt}` } : { contentUrl: absoluteUrl(origin, v.videoUrl) }),
  };
}

export interface ProductFacts {
  name: string;
  description?: string;
  image?: string[];
  sku?: string;
  brand?: string;
  url: string;
  price?: number;
  currency: string;
  /** schema.org ItemAvailability name (InStock, MadeToOrder, ...); default InStock. */
  availability?: string;
  rating?: { value: number; count: number };
  reviews?: { author: string; rating: number; body: string; date?: string }[];
}

export function product(origin: string, p: ProductFacts): Thing {
  return {
    '@context': ctx,
    '@type': 'Product',
    name: p.name,
    ...(p.description && { description: p.description }),
    ...(p.image?.length && { image: p.image.map((src) => absoluteUrl(origin, src)) }),
    ...(p.sku && { sku: p.sku }),
    ...(p.brand && { brand: { '@type': 'Brand', name: p.brand } }),
    ...(p.price !== undefined && {
      offers: {
        '@type': 'Offer',
        url: absoluteUrl(origin, p.url),
        priceCurrency: p.currency,
        price: p.price.toFixed(2),
        availability: `https://schema.org/${p.availability ?? 'InStock'}`,
      },
    }),
    ...(p.rating &&
      p.rating.count > 0 && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: p.rating.value,
          reviewCount: p.rating.count,
          bestRating: 5,
          worstRating: 1,
        },
      }),
    ...(p.reviews?.length && {
      review: p.reviews.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.author },
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        reviewBody: r.body,
        ...(r.date && { datePublished: r.date }),
      })),
    }),
  };
}

/** JSON for a <script type="application/ld+json">: content can never close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
