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

export function webSite(site: PublicSite, org: Pick<OrganizationFacts, 'alternateName'> = {}): Thing {
  return {
    '@context': ctx,
    '@type': 'WebSite',
    name: site.name,
    ...(org.alternateName && { alternateName: org.alternateName }),
    url: `${site.origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}/search?query={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Days a shop is open, from one time to another (24-hour hh:mm). */
export interface OpeningHoursFacts {
  /** schema.org DayOfWeek names: Monday ... Sunday. */
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** A range of days (business days for handling and transit). */
export interface DayRange {
  min: number;
  max: number;
}

/** Shipping to one destination: its cost and time, or that the shop does not ship there. */
export interface ShippingFacts {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 3166-2 subdivision codes without the country (OH, AK); none: the whole country. */
  regions?: string[];
  doesNotShip?: boolean;
  /** The shipping cost, in the shop's currency. */
  rate?: number;
  /** The most shipping can cost (when it is quoted per order), in the shop's currency. */
  maxRate?: number;
  handlingDays?: DayRange;
  transitDays?: DayRange;
}

/** The shop's return policy, in schema.org MerchantReturnPolicy terms. */
export interface ReturnPolicyFacts {
  applicableCountry: string[];
  /** MerchantReturnFiniteReturnWindow, MerchantReturnNotPermitted or MerchantReturnUnlimitedWindow. */
  returnPolicyCategory: string;
  merchantReturnDays?: number;
  /** ReturnByMail, ReturnInStore or ReturnAtKiosk. */
  returnMethod?: string;
  /** FreeReturn, ReturnFeesCustomerResponsibility, ReturnShippingFees, OriginalShippingFees or RestockingFees. */
  returnFees?: string;
  /** Percent of the price kept on a return. */
  restockingFeePercent?: number;
  /** The policy's page. */
  url?: string;
}

export interface OrganizationFacts {
  legalName?: string;
  /** Another name people know the shop by (WebSite and Organization alternateName). */
  alternateName?: string;
  telephone?: string;
  email?: string;
  priceRange?: string;
  address?: Record<string, string>;
  /** Free text ("Mo-Fr 09:00-18:00"), used only without openingHoursSpecification. */
  openingHours?: string[];
  openingHoursSpecification?: OpeningHoursFacts[];
  geo?: { latitude: number; longitude: number };
  sameAs?: string[];
  shipping?: ShippingFacts[];
  returnPolicy?: ReturnPolicyFacts;
}

const enumUrl = (name: string) => (/^https?:\/\//.test(name) ? name : `${ctx}/${name}`);

function merchantReturnPolicy(origin: string, r: ReturnPolicyFacts): Thing {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: r.applicableCountry.length === 1 ? r.applicableCountry[0] : r.applicableCountry,
    returnPolicyCategory: enumUrl(r.returnPolicyCategory),
    ...(r.merchantReturnDays !== undefined && { merchantReturnDays: r.merchantReturnDays }),
    ...(r.returnMethod && { returnMethod: enumUrl(r.returnMethod) }),
    ...(r.returnFees && { returnFees: enumUrl(r.returnFees) }),
    ...(r.restockingFeePercent !== undefined && { restockingFee: r.restockingFeePercent }),
    ...(r.url && { merchantReturnLink: absoluteUrl(origin, r.url) }),
  };
}

const days = (d: DayRange) => ({ '@type': 'QuantitativeValue', minValue: d.min, maxValue: d.max, unitCode: 'DAY' });

function offerShippingDetails(s: ShippingFacts, currency: string): Thing {
  const destination = {
    '@type': 'DefinedRegion',
    addressCountry: s.country,
    ...(s.regions?.length && { addressRegion: s.regions }),
  };
  if (s.doesNotShip) return { '@type': 'OfferShippingDetails', shippingDestination: destination, doesNotShip: true };
  const rate = s.rate !== undefined ? { value: s.rate } : s.maxRate !== undefined ? { maxValue: s.maxRate } : undefined;
  return {
    '@type': 'OfferShippingDetails',
    shippingDestination: destination,
    ...(rate && { shippingRate: { '@type': 'MonetaryAmount', ...rate, currency } }),
    ...((s.handlingDays || s.transitDays) && {
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        ...(s.handlingDays && { handlingTime: days(s.handlingDays) }),
        ...(s.transitDays && { transitTime: days(s.transitDays) }),
      },
    }),
  };
}

const postalAddress = (a: Record<string, string>) => ({ '@type': 'PostalAddress', ...a });

export function organization(site: PublicSite, org: OrganizationFacts): Thing {
  return {
    '@context': ctx,
    '@type': 'Organization',
    name: site.name,
    ...(org.alternateName && { alternateName: org.alternateName }),
    ...(org.legalName && { legalName: org.legalName }),
    url: `${site.origin}/`,
    ...(site.logo && { logo: absoluteUrl(site.origin, site.logo.src) }),
    ...(org.telephone && { telephone: org.telephone }),
    ...(org.email && { email: org.email }),
    ...(org.address && { address: postalAddress(org.address) }),
    ...(org.sameAs?.length && { sameAs: org.sameAs }),
    ...(org.returnPolicy && { hasMerchantReturnPolicy: merchantReturnPolicy(site.origin, org.returnPolicy) }),
  };
}

export function localBusiness(site: PublicSite, org: OrganizationFacts): Thing {
  const hours = org.openingHoursSpecification;
  return {
    '@context': ctx,
    '@type': 'HomeAndConstructionBusiness',
    name: site.name,
    url: `${site.origin}/`,
    ...(site.logo && { image: absoluteUrl(site.origin, site.logo.src) }),
    ...(org.telephone && { telephone: org.telephone }),
    ...(org.email && { email: org.email }),
    ...(org.priceRange && { priceRange: org.priceRange }),
    ...(org.address && { address: postalAddress(org.address) }),
    ...(org.geo && { geo: { '@type': 'GeoCoordinates', latitude: org.geo.latitude, longitude: org.geo.longitude } }),
    ...(hours?.length
      ? {
          openingHoursSpecification: hours.map((h) => ({
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: h.dayOfWeek,
            opens: h.opens,
            closes: h.closes,
          })),
        }
      : org.openingHours?.length && { openingHours: org.openingHours }),
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
  /** The video's media file (a YouTube video's own copy, when the shop hosts one). */
  contentUrl?: string;
  /** ISO 8601 date and time with its zone offset, e.g. 2025-03-12T09:00:00-05:00. */
  uploadDate?: string;
  /** ISO 8601, e.g. PT4M30S. */
  duration?: string;
}

/**
 * VideoObject: name, description, thumbnailUrl and uploadDate (what search engines require),
 * and where to play it: a YouTube video's player is its embedUrl (its watch page is not a
 * media file), a video file is its contentUrl; content may name the media file of a YouTube
 * video too (`contentUrl`).
 */
export function videoObject(origin: string, v: VideoFacts): Thing {
  const yt = v.videoType === 'file' ? null : youtubeId(v.videoUrl);
  const media = v.contentUrl ?? (yt ? undefined : v.videoUrl);
  return {
    '@context': ctx,
    '@type': 'VideoObject',
    name: v.title,
    description: v.description || v.title,
    ...(v.thumbnail && { thumbnailUrl: [absoluteUrl(origin, v.thumbnail)] }),
    ...(v.uploadDate && { uploadDate: v.uploadDate }),
    ...(v.duration && { duration: v.duration }),
    ...(media && { contentUrl: absoluteUrl(origin, media) }),
    ...(yt && { embedUrl: `https://www.youtube.com/embed/${yt}` }),
  };
}

export interface ProductFacts {
  name: string;
  description?: string;
  image?: string[];
  sku?: string;
  brand?: string;
  /** Materials and colours as the catalogue names them. */
  material?: string[];
  color?: string[];
  url: string;
  price?: number;
  currency: string;
  /** schema.org ItemAvailability name (InStock, MadeToOrder, ...); default InStock. */
  availability?: string;
  /** YYYY-MM-DD: the last day the price holds. */
  priceValidUntil?: string;
  /** schema.org OfferItemCondition name (NewCondition, ...). */
  itemCondition?: string;
  shipping?: ShippingFacts[];
  returnPolicy?: ReturnPolicyFacts;
  rating?: { value: number; count: number };
  reviews?: { author: string; rating: number; body: string; date?: string }[];
}

const oneOrList = (xs: string[]) => (xs.length === 1 ? xs[0] : xs);

function offer(origin: string, p: ProductFacts & { price: number }): Thing {
  return {
    '@type': 'Offer',
    url: absoluteUrl(origin, p.url),
    priceCurrency: p.currency,
    price: p.price.toFixed(2),
    ...(p.priceValidUntil && { priceValidUntil: p.priceValidUntil }),
    availability: enumUrl(p.availability ?? 'InStock'),
    ...(p.itemCondition && { itemCondition: enumUrl(p.itemCondition) }),
    ...(p.shipping?.length && { shippingDetails: p.shipping.map((s) => offerShippingDetails(s, p.currency)) }),
    ...(p.returnPolicy && { hasMerchantReturnPolicy: merchantReturnPolicy(origin, p.returnPolicy) }),
  };
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
    ...(p.material?.length && { material: oneOrList(p.material) }),
    ...(p.color?.length && { color: oneOrList(p.color) }),
    ...(p.price !== undefined && { offers: offer(origin, { ...p, price: p.price }) }),
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

/** A blog post as its structured data needs it (paths are made absolute). */
export interface BlogPostingFacts {
  headline: string;
  description?: string;
  url: string;
  image?: string[];
  /** ISO 8601 date (or date and time). */
  datePublished: string;
  dateModified?: string;
  author: { name: string; url?: string };
}

/** The publisher of posts: the site, with its logo. */
const publisher = (site: PublicSite): Thing => ({
  '@type': 'Organization',
  name: site.name,
  url: `${site.origin}/`,
  ...(site.logo && { logo: { '@type': 'ImageObject', url: absoluteUrl(site.origin, site.logo.src) } }),
});

function posting(site: PublicSite, p: BlogPostingFacts): Thing {
  const url = absoluteUrl(site.origin, p.url);
  return {
    '@type': 'BlogPosting',
    headline: p.headline,
    ...(p.description && { description: p.description }),
    url,
    mainEntityOfPage: url,
    ...(p.image?.length && { image: p.image.map((src) => absoluteUrl(site.origin, src)) }),
    datePublished: p.datePublished,
    dateModified: p.dateModified ?? p.datePublished,
    author: {
      '@type': 'Person',
      name: p.author.name,
      ...(p.author.url && { url: absoluteUrl(site.origin, p.author.url) }),
    },
    publisher: publisher(site),
  };
}

export function blogPosting(site: PublicSite, p: BlogPostingFacts): Thing {
  return { '@context': ctx, ...posting(site, p) };
}

export interface BlogFacts {
  name: string;
  description?: string;
  url: string;
  posts: BlogPostingFacts[];
}

/** A blog's listing page: the Blog and its posts (the newest first, as listed). */
export function blog(site: PublicSite, b: BlogFacts): Thing {
  return {
    '@context': ctx,
    '@type': 'Blog',
    name: b.name,
    ...(b.description && { description: b.description }),
    url: absoluteUrl(site.origin, b.url),
    publisher: publisher(site),
    blogPost: b.posts.map((p) => posting(site, p)),
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
