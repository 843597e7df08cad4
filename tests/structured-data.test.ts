/**
 * The shipped shop's structured data, read back from its rendered pages (page data with the
 * blocks' build-time resolvers, then the document's <script type="application/ld+json">), per
 * page type against Google Search Central's required and recommended properties. Quoted text is
 * Google's documentation; each assertion under it is the rule it states.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadBlockContracts } from '../cli/blocks.ts';
import {
  buildPageData,
  buildRouteTable,
  loadSite,
  siteProductFacts,
  type BlockContracts,
  type RouteEntry,
} from '../engine/node.ts';
import { createResolveState, resolveBlockProps } from '../engine/prerender/resolve.ts';
import { renderDocument } from '../engine/render/document.ts';

/** JSON-LD read back from the page: untyped JSON. */
type Ld = Record<string, any>;

const SITE = loadSite(join(import.meta.dirname, '../site-config'));
const ORIGIN = 'https://www.hearthlinecabinetry.com';
const routes = buildRouteTable(SITE).filter((r) => !r.dynamic && !r.devOnly);
const productFacts = siteProductFacts(SITE);
let blocks: BlockContracts;

beforeAll(async () => {
  vi.stubEnv('VIDEO_THUMBNAIL_HOST', 'off'); // YouTube thumbnails as an offline build finds them
  blocks = await loadBlockContracts();
});

/** The JSON-LD objects of a route's rendered page. */
async function ldOf(route: RouteEntry): Promise<Ld[]> {
  const opts = { productFacts, blocks };
  let data = buildPageData(SITE, route, opts);
  const blockProps = await resolveBlockProps(data, blocks, createResolveState().contextFor(route));
  if (blockProps.size) data = buildPageData(SITE, route, { ...opts, blockProps });
  const html = renderDocument({ data, html: '', assets: { entry: '/assets/entry.js', css: [], preload: [] } });
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
}

const route = (path: string) => routes.find((r) => r.path === path)!;
const ofType = async (path: string, type: string) => (await ldOf(route(path))).filter((ld) => ld['@type'] === type);
const one = async (path: string, type: string) => {
  const found = await ofType(path, type);
  expect(found, `${type} on ${path}`).toHaveLength(1);
  return found[0]!;
};
const absolute = expect.stringMatching(/^https:\/\//);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 date and time with its zone offset (or Z). */
const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/;
const schemaOrg = (name: string) => `https://schema.org/${name}`;

describe('Product (merchant listing, product snippet)', () => {
  // "Merchant listings can highlight more specific data about a product, such as its price,
  // availability, and shipping and return information."
  // Product snippets show "additional product information such as ratings, review information,
  // price, and availability."
  const styles = routes.filter((r) => r.flags.product);
  const reviewed = (slug: string) =>
    (SITE.files.get('data/reviews.json')!.value as { reviews: { styles?: string[] }[] }).reviews.filter((r) =>
      r.styles?.includes(slug),
    ).length;

  it('every style page: the required name, image and offer with price and currency', async () => {
    expect(styles).toHaveLength(41);
    for (const r of styles) {
      const p = await one(r.path, 'Product');
      expect(p.name, r.path).toEqual(expect.any(String));
      expect(p.image.length, r.path).toBeGreaterThan(0);
      expect(
        p.image.every((src: string) => src.startsWith(ORIGIN)),
        r.path,
      ).toBe(true);
      expect(Number(p.offers.price), r.path).toBeGreaterThan(0);
      expect(p.offers.priceCurrency, r.path).toBe('USD');
    }
  });

  it('every offer: availability, condition, its URL, shipping and the return policy, as the content states them', async () => {
    for (const r of styles) {
      const { offers } = await one(r.path, 'Product');
      expect(offers.url, r.path).toBe(ORIGIN + r.path);
      expect(offers.availability, r.path).toMatch(/^https:\/\/schema\.org\/(InStock|MadeToOrder)$/);
      expect(offers.itemCondition, r.path).toBe(schemaOrg('NewCondition'));
      // The catalogue names no date the prices hold until, so none is claimed.
      expect(offers, r.path).not.toHaveProperty('priceValidUntil');
      // One destination shipped to, with its handling time; Alaska and Hawaii not shipped to. Freight
      // is quoted per order, so the content states no rate and none is claimed.
      const [ships, notShipped] = offers.shippingDetails;
      expect(ships, r.path).toMatchObject({
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
        deliveryTime: { handlingTime: { '@type': 'QuantitativeValue', unitCode: 'DAY' } },
      });
      expect(ships, r.path).not.toHaveProperty('shippingRate');
      expect(notShipped, r.path).toEqual({
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US', addressRegion: ['AK', 'HI'] },
        doesNotShip: true,
      });
      expect(offers.hasMerchantReturnPolicy, r.path).toMatchObject({
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'US',
        returnPolicyCategory: expect.stringMatching(/^https:\/\/schema\.org\/MerchantReturn/),
      });
    }
  });

  it('returns as the policy page says: 30 days by mail for RTA, none for semi-custom and countertops', async () => {
    const rta = await one('/products/kitchen-cabinets/rta-kitchen-cabinets/aw', 'Product');
    expect(rta.offers.hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'US',
      returnPolicyCategory: schemaOrg('MerchantReturnFiniteReturnWindow'),
      merchantReturnDays: 30,
      returnMethod: schemaOrg('ReturnByMail'),
      returnFees: schemaOrg('ReturnFeesCustomerResponsibility'),
      restockingFee: 20,
      merchantReturnLink: `${ORIGIN}/return-and-cancellation-policy`,
    });
    expect(rta.offers.shippingDetails[0].deliveryTime.handlingTime).toMatchObject({ minValue: 5, maxValue: 7 });
    const semiCustom = styles.find((r) => r.path.includes('/semi-custom-kitchen-cabinets/'))!;
    const sc = await one(semiCustom.path, 'Product');
    expect(sc.offers.hasMerchantReturnPolicy.returnPolicyCategory).toBe(schemaOrg('MerchantReturnNotPermitted'));
    expect(sc.offers.shippingDetails[0].deliveryTime.handlingTime).toMatchObject({ minValue: 20, maxValue: 30 });
  });

  it('brand on every style; material and colour where the catalogue has them', async () => {
    const aw = await one('/products/kitchen-cabinets/rta-kitchen-cabinets/aw', 'Product');
    expect(aw).toMatchObject({
      brand: { '@type': 'Brand', name: 'Hearthline Cabinetry' },
      material: 'Birch',
      color: 'White',
    });
    const faucet = await one(styles.find((r) => r.path.endsWith('/everett-pull-down-faucet'))!.path, 'Product');
    expect(faucet.brand.name).toBe('Hearthline Cabinetry');
    expect(faucet).not.toHaveProperty('material'); // the catalogue names none
    for (const r of styles) expect((await one(r.path, 'Product')).brand, r.path).toBeDefined();
  });

  it('a rating and reviews on every style that has reviews, counting only the reviews that name it; none without', async () => {
    let rated = 0;
    for (const r of styles) {
      const p = await one(r.path, 'Product');
      const count = reviewed((r.item as { slug: string }).slug);
      if (!count) {
        // A rating must be about this product: a style no review names gets none.
        expect(p, r.path).not.toHaveProperty('aggregateRating');
        continue;
      }
      rated++;
      expect(p.aggregateRating, r.path).toMatchObject({
        '@type': 'AggregateRating',
        reviewCount: count,
        bestRating: 5,
      });
      expect(p.aggregateRating.ratingValue, r.path).toBeGreaterThanOrEqual(1);
      expect(p.review.length, r.path).toBeGreaterThan(0);
      for (const review of p.review)
        expect(review, r.path).toMatchObject({
          '@type': 'Review',
          author: { '@type': 'Person', name: expect.any(String) },
          reviewRating: { '@type': 'Rating', ratingValue: expect.any(Number) },
        });
    }
    expect(rated).toBeGreaterThan(0);
  });
});

describe('BlogPosting (Article) and Blog', () => {
  // "Adding Article structured data to your news, blog, and sports article pages can help Google
  // understand more about the web page and show better title text, images, and date information
  // for the article in search results". Google's example gives each author a url.
  const posts = routes.filter((r) => r.flags.article);

  it('every post: headline, image, datePublished, dateModified, author with url, publisher', async () => {
    expect(posts).toHaveLength(5);
    for (const r of posts) {
      const p = await one(r.path, 'BlogPosting');
      expect(p.headline, r.path).toEqual(expect.any(String));
      expect(p.image, r.path).toEqual([absolute]);
      expect(p.datePublished, r.path).toMatch(isoDate);
      expect(p.dateModified >= p.datePublished, r.path).toBe(true);
      expect(p.author, r.path).toEqual({
        '@type': 'Person',
        name: expect.any(String),
        url: expect.stringMatching(/^https:\/\/www\.hearthlinecabinetry\.com\/blogs\/authors\//),
      });
      expect(p.publisher, r.path).toMatchObject({
        '@type': 'Organization',
        name: 'Hearthline Cabinetry',
        logo: { url: absolute },
      });
      expect(p.url, r.path).toBe(ORIGIN + r.path);
    }
    const updated = await one('/blogs/top-10-kitchens-designs', 'BlogPosting');
    expect([updated.datePublished, updated.dateModified]).toEqual(['2024-02-12', '2024-09-03']);
  });

  it('the blog and each category: a Blog listing its posts, newest first', async () => {
    const home = await one('/blogs', 'Blog');
    expect(home).toMatchObject({ name: 'Hearthline Cabinetry Kitchen Design Blog', url: `${ORIGIN}/blogs` });
    expect(home.blogPost).toHaveLength(5);
    const dates = home.blogPost.map((p: Ld) => p.datePublished);
    expect(dates).toEqual([...dates].sort().reverse());
    const category = await one('/blogs/category/latest-trends', 'Blog');
    expect(category.blogPost.map((p: Ld) => p.url)).toEqual([
      `${ORIGIN}/blogs/top-10-bathroom-designs`,
      `${ORIGIN}/blogs/top-essential-dress-trends-in-2020`,
    ]);
  });
});

describe('FAQPage', () => {
  // Google: FAQPage's mainEntity is the list of Question items, each with its name (the question)
  // and an acceptedAnswer whose text is the answer; "Add the required properties."
  it('every FAQ page: questions with their accepted answers', async () => {
    for (const r of routes.filter((x) => x.flags.faq)) {
      const faq = await one(r.path, 'FAQPage');
      expect(faq.mainEntity.length, r.path).toBeGreaterThan(2);
      for (const q of faq.mainEntity)
        expect(q, r.path).toEqual({
          '@type': 'Question',
          name: expect.stringMatching(/\S/),
          acceptedAnswer: { '@type': 'Answer', text: expect.stringMatching(/\S/) },
        });
    }
  });
});

describe('VideoObject', () => {
  // Required properties: description "The description of the video.", name "The title of the
  // video", thumbnailUrl "A URL pointing to the video thumbnail image file.", uploadDate "The date
  // the video was first published, in ISO 8601 format."
  // "We recommend that you provide a URL to your video. You can provide a URL by using one or both
  // of the following properties: contentUrl and embedUrl."
  // duration: "The duration of the video in ISO 8601 format."
  it('every video: the required properties, a zoned upload date, where to play it and its duration', async () => {
    const videos = await ofType('/kitchen-installation', 'VideoObject');
    expect(videos).toHaveLength(4);
    for (const v of videos) {
      expect(v.name).toEqual(expect.any(String));
      expect(v.description).toEqual(expect.any(String));
      expect(v.thumbnailUrl).toEqual([absolute]);
      expect(v.uploadDate).toMatch(zoned);
      expect(v.embedUrl ?? v.contentUrl).toEqual(absolute);
      expect(v.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
    }
  });
});

describe('BreadcrumbList', () => {
  // Google: itemListElement lists the breadcrumbs in order, each a ListItem with its position (1 at
  // the start of the trail), its name and the URL of its page (item).
  it('every indexed page with breadcrumbs: ListItems in order with names and absolute URLs', async () => {
    const withCrumbs = routes.filter((r) => r.flags.breadcrumb && r.breadcrumbs.length && r.sitemap);
    expect(withCrumbs.length).toBeGreaterThan(80);
    for (const r of withCrumbs) {
      const list = await one(r.path, 'BreadcrumbList');
      expect(
        list.itemListElement.map((i: Ld) => i.position),
        r.path,
      ).toEqual(r.breadcrumbs.map((_, i) => i + 1));
      for (const item of list.itemListElement)
        expect(item, r.path).toEqual({
          '@type': 'ListItem',
          position: expect.any(Number),
          name: expect.any(String),
          item: absolute,
        });
    }
  });
});

describe('LocalBusiness', () => {
  // Required: "name (Required) Text Business name", "address (Required) PostalAddress Address of the
  // specific business location.", "address.streetAddress (Required) Text Street number, street
  // name, and unit number (if applicable).", "address.addressLocality (Required) Text City.",
  // "address.postalCode (Required) Text Postal or zip code."
  // "With Local Business structured data, you can tell Google about business hours"; recommended
  // geo, openingHoursSpecification, telephone, url, priceRange.
  it('the about page: name, full address, geo, opening hours as OpeningHoursSpecification, contact', async () => {
    const b = await one('/about-us', 'HomeAndConstructionBusiness');
    expect(b).toMatchObject({
      name: 'Hearthline Cabinetry',
      url: `${ORIGIN}/`,
      telephone: expect.any(String),
      priceRange: '$$',
      address: {
        '@type': 'PostalAddress',
        streetAddress: expect.any(String),
        addressLocality: 'Columbus',
        addressRegion: 'OH',
        postalCode: '43228',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) },
    });
    expect(b.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00' },
    ]);
    expect(b).not.toHaveProperty('openingHours');
  });
});

describe('Organization', () => {
  // "There are no required properties; instead, we recommend adding as many properties that are
  // relevant to your organization." "If you're a merchant, you can influence more details in your
  // merchant knowledge panel and brand profile, such as return policy, address, and contact
  // information."
  it('the about page: name, alternate and legal names, url, logo, contact, address, profiles, return policy', async () => {
    const o = await one('/about-us', 'Organization');
    expect(o).toMatchObject({
      name: 'Hearthline Cabinetry',
      alternateName: 'Hearthline',
      legalName: 'Hearthline Cabinetry LLC',
      url: `${ORIGIN}/`,
      logo: absolute,
      telephone: expect.any(String),
      email: expect.any(String),
      address: { '@type': 'PostalAddress', addressLocality: 'Columbus' },
      hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', merchantReturnDays: 30 },
    });
    expect(o.sameAs.length).toBeGreaterThan(2);
  });
});

describe('WebSite (site name)', () => {
  // "To indicate your site name preference, add WebSite structured data to your home page." "you
  // can indicate alternatives for our automated system to consider if your primary preference
  // isn't selected." (alternateName); name and url are required.
  it('the home page: name, url and alternateName', async () => {
    expect(await one('/', 'WebSite')).toMatchObject({
      name: 'Hearthline Cabinetry',
      alternateName: 'Hearthline',
      url: `${ORIGIN}/`,
    });
  });
});
