/**
 * Product structured data for a style's detail page: the facts the engine's Product JSON-LD
 * builder needs, taken from the style and from the site's reviews (data/reviews.json).
 *
 * Only reviews that name the style (`styles: [slug]`) count for its rating: reviews of the
 * shop in general are not reviews of this product. Without such reviews (or without the
 * reviews file) the product has no aggregateRating and no review items.
 */
import { fileValue, type Site } from '../content/load-site.ts';
import type { ProductFacts } from '../head/json-ld.ts';
import type { RouteEntry } from '../types.ts';
import type { Style } from './types.ts';

/** The review fields used here (data/reviews.json has more). */
export interface ReviewRecord {
  name: string;
  rating: number;
  reviewText: string;
  date?: string;
  styles?: string[];
}

export interface ProductFactsOptions {
  /** The brand: the site's name. */
  brand: string;
  currency: string;
  reviews?: readonly ReviewRecord[];
  /** Review items listed in the structured data (the newest first); the rating counts all. */
  maxReviews?: number;
}

/** The rating average to one decimal. */
const average = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;

/** `url`: the style page's path (its route's). */
export function productFacts(style: Style, o: ProductFactsOptions, url: string): ProductFacts {
  const own = (o.reviews ?? []).filter((r) => r.styles?.includes(style.slug) && Number.isFinite(r.rating));
  const newest = [...own].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  return {
    name: style.title,
    description: style.description,
    image: style.images.map((i) => i.src),
    sku: style.code,
    brand: o.brand,
    url,
    ...(style.pricing && { price: style.pricing.from, availability: style.pricing.availability }),
    currency: o.currency,
    ...(own.length && {
      rating: { value: average(own.map((r) => r.rating)), count: own.length },
      reviews: newest
        .slice(0, o.maxReviews ?? 10)
        .map((r) => ({ author: r.name, rating: r.rating, body: r.reviewText, ...(r.date && { date: r.date }) })),
    }),
  };
}

/** Whether a collection item is a catalogue style (the product routes expand from styles). */
export function isStyle(item: unknown): item is Style {
  const s = item as Partial<Style> | null;
  return (
    !!s &&
    typeof s === 'object' &&
    typeof s.slug === 'string' &&
    typeof s.code === 'string' &&
    typeof s.title === 'string' &&
    Array.isArray(s.images)
  );
}

/**
 * The `productFacts` option of page data and prerender for a site: the facts of the route's
 * style, brand and currency from site.json, ratings from data/reviews.json when it exists.
 */
export function siteProductFacts(site: Site): (route: RouteEntry) => ProductFacts | undefined {
  const info = fileValue<{ name?: string; currency?: string }>(site, 'site.json');
  const reviews = fileValue<{ reviews?: ReviewRecord[] }>(site, 'data/reviews.json')?.reviews;
  const opts: ProductFactsOptions = {
    brand: info?.name ?? '',
    currency: info?.currency ?? 'USD',
    ...(Array.isArray(reviews) && { reviews }),
  };
  return (route) => (isStyle(route.item) ? productFacts(route.item, opts, route.path) : undefined);
}
