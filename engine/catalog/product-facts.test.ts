import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../content/load-site.ts';
import { product } from '../head/json-ld.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { baseSite, memorySite } from '../testing/memory-site.ts';
import type { RouteEntry } from '../types.ts';
import { isStyle, productFacts, siteProductFacts } from './product-facts.ts';
import type { Style } from './types.ts';

const style = {
  slug: 'aw',
  code: 'AW',
  name: 'Aspen White',
  title: 'Aspen White Shaker RTA Kitchen Cabinets',
  category: 'kitchen-cabinets',
  subcategory: 'rta-kitchen-cabinets',
  shortDescription: 'A warm white shaker.',
  description: 'A five-piece birch shaker door in a warm white.',
  bullets: [],
  pricing: { from: 4290, unit: '10x10 kitchen', availability: 'InStock' },
  images: [
    { type: 'base', src: '/images/styles/kitchens/aw.svg', alt: 'Kitchen', width: 800, height: 500 },
    { type: 'sample', src: '/images/styles/doors/aw.svg', alt: 'Door', width: 300, height: 400 },
  ],
  finishes: [],
  action: { label: 'View Style', url: '/products/kitchen-cabinets/rta-kitchen-cabinets/aw' },
  specifications: [],
  faq: [],
  videos: [],
  samples: [],
} as unknown as Style;

const reviews = [
  { name: 'Marcus T.', rating: 5, reviewText: 'Every box was labelled.', date: '2024-05-21', styles: ['aw'] },
  { name: 'Priya S.', rating: 4, reviewText: 'Lovely white.', date: '2024-06-30', styles: ['aw', 'bc'] },
  { name: 'Dana R.', rating: 4.5, reviewText: 'Great service.', date: '2024-04-01', styles: ['hs'] },
  { name: 'Lee K.', rating: 5, reviewText: 'Nice shop overall.', date: '2024-03-01' },
];
const ORIGIN = 'https://www.hearthlinecabinetry.com';

describe('product facts', () => {
  it('give a valid Product: name, sku, brand, images and an offer with price, currency, availability and url', () => {
    const ld = product(
      ORIGIN,
      productFacts(
        style,
        { brand: 'Hearthline Cabinetry', currency: 'USD' },
        '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
      ),
    );
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Aspen White Shaker RTA Kitchen Cabinets',
      description: 'A five-piece birch shaker door in a warm white.',
      sku: 'AW',
      brand: { '@type': 'Brand', name: 'Hearthline Cabinetry' },
      image: [`${ORIGIN}/images/styles/kitchens/aw.svg`, `${ORIGIN}/images/styles/doors/aw.svg`],
      offers: {
        '@type': 'Offer',
        price: '4290.00',
        priceCurrency: 'USD',
        availability: expect.stringMatching(/^https:\/\/schema\.org\/\w+$/),
        url: `${ORIGIN}/products/kitchen-cabinets/rta-kitchen-cabinets/aw`,
      },
    });
    // no reviews of this style: no rating at all
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });

  it('rate the style from the reviews that name it, newest review first', () => {
    const ld = product(
      ORIGIN,
      productFacts(
        style,
        { brand: 'Hearthline Cabinetry', currency: 'USD', reviews },
        '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
      ),
    );
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Priya S.' },
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        reviewBody: 'Lovely white.',
        datePublished: '2024-06-30',
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Marcus T.' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        reviewBody: 'Every box was labelled.',
        datePublished: '2024-05-21',
      },
    ]);
    expect(productFacts(style, { brand: 'B', currency: 'USD', reviews, maxReviews: 1 }, '/x').reviews).toHaveLength(1);
  });

  it('come from the route item and the site files; other routes get none', () => {
    const site = memorySite({ ...baseSite, 'data/reviews.json': { reviews } });
    const hook = siteProductFacts(site);
    const route = { item: style } as RouteEntry;
    expect(hook(route)).toMatchObject({ brand: 'Test Shop', currency: 'USD', rating: { value: 4.5, count: 2 } });
    expect(hook({ item: { slug: 'kitchen-cabinets', title: 'Kitchen Cabinets' } } as RouteEntry)).toBeUndefined();
    expect(isStyle(undefined)).toBe(false);
    // without a reviews file: the product still, without rating and reviews
    const bare = siteProductFacts(memorySite(baseSite))(route)!;
    expect(bare.price).toBe(4290);
    expect(bare).not.toHaveProperty('rating');
    expect(bare).not.toHaveProperty('reviews');
  });

  it("take the catalogue's offer facts and facets, the site's shipping and returns, a style's lead time and returnability", () => {
    const shipping = [
      { country: 'US', maxRate: 99, handlingDays: { min: 2, max: 3 } },
      { country: 'US', regions: ['AK'], doesNotShip: true },
    ];
    const returnPolicy = {
      applicableCountry: ['US'],
      returnPolicyCategory: 'MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
    };
    const site = memorySite({
      ...baseSite,
      'site.json': { ...(baseSite['site.json'] as object), organization: { shipping, returnPolicy } },
      'routes.json': {
        routes: [{ path: '/', page: 'home' }],
        collections: [{ path: '/styles/{slug}', page: 'style', source: 'catalogs/styles.json#/styles' }],
      },
      'catalogs/styles.json': {
        structuredData: {
          itemCondition: 'NewCondition',
          priceValidUntil: '2030-12-31',
          facets: { material: 'wood', color: 'tone' },
        },
        styles: [
          { ...style, facets: { wood: ['Birch'], tone: ['White', 'Cream'] } },
          {
            ...style,
            slug: 'made',
            code: 'MADE',
            leadTime: { min: 20, max: 30 },
            returnable: false,
            brand: 'Maker Co.',
          },
        ],
      },
    });
    const [plain, made] = buildRouteTable(site)
      .filter((r) => r.item)
      .map((r) => siteProductFacts(site)(r)!);
    expect(plain).toMatchObject({
      brand: 'Test Shop',
      material: ['Birch'],
      color: ['White', 'Cream'],
      itemCondition: 'NewCondition',
      priceValidUntil: '2030-12-31',
      shipping,
      returnPolicy,
    });
    expect(made).toMatchObject({
      brand: 'Maker Co.',
      shipping: [{ country: 'US', maxRate: 99, handlingDays: { min: 20, max: 30 } }, shipping[1]],
      returnPolicy: { applicableCountry: ['US'], returnPolicyCategory: 'MerchantReturnNotPermitted' },
    });
    expect(made).not.toHaveProperty('material');
  });

  it('exist for every style route of the Hearthline catalogue', () => {
    const site = loadSite(join(import.meta.dirname, '../../site-config'));
    const hook = siteProductFacts(site);
    const styles = buildRouteTable(site).filter((r) => r.flags.product);
    expect(styles.length).toBe(41);
    for (const r of styles) {
      const ld = product(ORIGIN, hook(r)!);
      expect(ld.offers).toMatchObject({ priceCurrency: 'USD', url: ORIGIN + r.path });
      expect(Number((ld.offers as { price: string }).price)).toBeGreaterThan(0);
    }
  });
});
