/**
 * Product structured data for a style's detail page: the facts the engine's Product JSON-LD
 * builder needs, taken from the style and from the site's reviews (data/reviews.json).
 *
 * Only reviews that name the style (`styles: [slug]`) count for its rating: reviews of the
 * shop in general are not reviews of this product. Without such reviews (or without the
 * reviews file) the product has no aggregateRating and no review items.
 */
import { fileValue, type Site } from '../content/load-site.ts';
import type { DayRange, OrganizationFacts, ProductFacts } from '../head/json-ld.ts';
import type { RoutesFile } from '../routes/route-table.ts';
import type { RouteEntry } from '../types.ts';
import type { Style } from './types.ts';

/** A catalogue's offer facts for its products' structured data (the catalogue file's `structuredData`). */
export interface CatalogueOfferFacts {
  itemCondition?: string;
  priceValidUntil?: string;
  /** schema.org property (material, color) -> the facet whose values it takes. */
  facets?: { material?: string; color?: string };
}

/** The fields of a style read here beyond the Style type: its own brand, lead time and whether it can be returned. */
type StyleExtras = { brand?: string; leadTime?: DayRange; returnable?: boolean; facets?: Record<string, string[]> };

/** The review fields used here (data/reviews.json has more). */
export interface ReviewRecord {
  name: string;
  rating: number;
  reviewText: string;
  date?: string;
  styles?: string[];
}

export interface ProductFactsOptions {
  /** The brand of styles that name none: the site's name. */
  brand: string;
  currency: string;
  catalogue?: CatalogueOfferFacts;
  /** Shipping and returns (site.json's organization). */
  shipping?: OrganizationFacts['shipping'];
  returnPolicy?: OrganizationFacts['returnPolicy'];
  reviews?: readonly ReviewRecord[];
  /** Review items listed in the structured data (the newest first); the rating counts all. */
  maxReviews?: number;
}

/** The rating average to one decimal. */
const average = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `url`: the style page's path (its route's). */
export function productFacts(style: Style, o: ProductFactsOptions, url: string): ProductFacts {
  const own = (o.reviews ?? []).filter((r) => r.styles?.includes(style.slug) && Number.isFinite(r.rating));
  // Dates are YYYY-MM-DD (the reviews schema): code-point order is date order, and needs no ICU collation.
  const newest = [...own].sort((a, b) => byText(b.date ?? '', a.date ?? ''));
  const extra = style as Style & StyleExtras;
  const facet = (name: string | undefined) => (name ? extra.facets?.[name] : undefined);
  const material = facet(o.catalogue?.facets?.material);
  const color = facet(o.catalogue?.facets?.color);
  // A style's own lead time is its handling time wherever the shop ships.
  const shipping = extra.leadTime
    ? o.shipping?.map((s) => (s.doesNotShip ? s : { ...s, handlingDays: extra.leadTime }))
    : o.shipping;
  return {
    name: style.title,
    description: style.description,
    image: style.images.map((i) => i.src),
    sku: style.code,
    brand: extra.brand ?? o.brand,
    ...(material?.length && { material }),
    ...(color?.length && { color }),
    url,
    ...(style.pricing && { price: style.pricing.from, availability: style.pricing.availability }),
    currency: o.currency,
    ...(o.catalogue?.priceValidUntil && { priceValidUntil: o.catalogue.priceValidUntil }),
    ...(o.catalogue?.itemCondition && { itemCondition: o.catalogue.itemCondition }),
    ...(shipping?.length && { shipping }),
    ...(o.returnPolicy && {
      returnPolicy:
        extra.returnable === false
          ? { applicableCountry: o.returnPolicy.applicableCountry, returnPolicyCategory: 'MerchantReturnNotPermitted' }
          : o.returnPolicy,
    }),
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

/** The `structuredData` of the catalogue file a collection route expands from. */
function catalogueOfferFacts(site: Site, route: RouteEntry): CatalogueOfferFacts | undefined {
  const m = /^\/collections\/(\d+)$/.exec(route.source?.pointer ?? '');
  const source = m ? fileValue<RoutesFile>(site, 'routes.json')?.collections?.[Number(m[1])]?.source : undefined;
  const file = typeof source === 'string' ? source.split('#')[0]! : undefined;
  return file ? fileValue<{ structuredData?: CatalogueOfferFacts }>(site, file)?.structuredData : undefined;
}

/**
 * The `productFacts` option of page data and prerender for a site: the facts of the route's
 * style, brand, currency, shipping and returns from site.json, the offer's condition, price
 * validity and the facets named as material and colour from the catalogue file, ratings from
 * data/reviews.json when it exists.
 */
export function siteProductFacts(site: Site): (route: RouteEntry) => ProductFacts | undefined {
  const info = fileValue<{ name?: string; currency?: string; organization?: OrganizationFacts }>(site, 'site.json');
  const reviews = fileValue<{ reviews?: ReviewRecord[] }>(site, 'data/reviews.json')?.reviews;
  const opts: ProductFactsOptions = {
    brand: info?.name ?? '',
    currency: info?.currency ?? 'USD',
    ...(info?.organization?.shipping && { shipping: info.organization.shipping }),
    ...(info?.organization?.returnPolicy && { returnPolicy: info.organization.returnPolicy }),
    ...(Array.isArray(reviews) && { reviews }),
  };
  const catalogues = new Map<string, CatalogueOfferFacts | undefined>();
  return (route) => {
    if (!isStyle(route.item)) return undefined;
    const key = route.source?.pointer ?? '';
    if (!catalogues.has(key)) catalogues.set(key, catalogueOfferFacts(site, route));
    const catalogue = catalogues.get(key);
    return productFacts(route.item, { ...opts, ...(catalogue && { catalogue }) }, route.path);
  };
}
