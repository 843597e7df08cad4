import { describe, expect, it } from 'vitest';
import {
  blog,
  blogPosting,
  breadcrumbList,
  faqPage,
  localBusiness,
  organization,
  product,
  serializeJsonLd,
  webSite,
} from './json-ld.ts';

const site = {
  name: 'Shop',
  origin: 'https://shop.test',
  language: 'en',
  currency: 'USD',
  breakpoints: { tablet: 768, desktop: 1201 },
  integrations: {},
};

describe('JSON-LD', () => {
  it('escapes content so it can never close the script tag', () => {
    const s = serializeJsonLd({ name: '</script><script>alert(1)</script>', amp: 'a&b' });
    expect(s).not.toContain('</script>');
    expect(s).not.toContain('<');
    expect(JSON.parse(s)).toEqual({ name: '</script><script>alert(1)</script>', amp: 'a&b' });
  });

  it('builds a BreadcrumbList with absolute URLs and 1-based positions', () => {
    expect(
      breadcrumbList('https://shop.test', [
        { text: 'Home', url: '/' },
        { text: 'FAQs', url: '/faqs' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/' },
        { '@type': 'ListItem', position: 2, name: 'FAQs', item: 'https://shop.test/faqs' },
      ],
    });
  });

  it('builds WebSite with a SearchAction to /search?query=, and the alternate name when there is one', () => {
    const w = webSite(site) as { potentialAction: { target: { urlTemplate: string } } };
    expect(w.potentialAction.target.urlTemplate).toBe('https://shop.test/search?query={search_term_string}');
    expect(w).not.toHaveProperty('alternateName');
    expect(webSite(site, { alternateName: 'Shoppe' }).alternateName).toBe('Shoppe');
  });

  it('builds LocalBusiness with OpeningHoursSpecification and geo, the text hours only without them', () => {
    const org = {
      address: { streetAddress: '1 Main St', addressLocality: 'Town', postalCode: '12345', addressCountry: 'US' },
      openingHours: ['Mo-Fr 09:00-17:00'],
      openingHoursSpecification: [{ dayOfWeek: ['Monday', 'Friday'], opens: '09:00', closes: '17:00' }],
      geo: { latitude: 40.1, longitude: -83.2 },
    };
    const b = localBusiness(site, org);
    expect(b).toMatchObject({
      address: { '@type': 'PostalAddress', postalCode: '12345' },
      geo: { '@type': 'GeoCoordinates', latitude: 40.1, longitude: -83.2 },
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Friday'], opens: '09:00', closes: '17:00' },
      ],
    });
    expect(b).not.toHaveProperty('openingHours');
    expect(localBusiness(site, { openingHours: org.openingHours }).openingHours).toEqual(['Mo-Fr 09:00-17:00']);
  });

  it('builds Organization with its address and return policy', () => {
    const o = organization(site, {
      alternateName: 'Shoppe',
      address: { addressLocality: 'Town' },
      returnPolicy: { applicableCountry: ['US', 'CA'], returnPolicyCategory: 'MerchantReturnNotPermitted' },
    });
    expect(o).toMatchObject({
      alternateName: 'Shoppe',
      address: { '@type': 'PostalAddress', addressLocality: 'Town' },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: ['US', 'CA'],
        returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
      },
    });
  });

  it('builds BlogPosting and Blog with absolute URLs, the publisher and dateModified (default datePublished)', () => {
    const shop = { ...site, logo: { src: '/logo.svg', alt: 'Shop', width: 10, height: 10 } };
    const post = {
      headline: 'Oak care',
      url: '/journal/oak-care',
      image: ['/img/oak.jpg'],
      datePublished: '2024-01-02',
      author: { name: 'Ana', url: '/journal/by/ana' },
    };
    expect(blogPosting(shop, post)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Oak care',
      url: 'https://shop.test/journal/oak-care',
      mainEntityOfPage: 'https://shop.test/journal/oak-care',
      image: ['https://shop.test/img/oak.jpg'],
      datePublished: '2024-01-02',
      dateModified: '2024-01-02',
      author: { '@type': 'Person', name: 'Ana', url: 'https://shop.test/journal/by/ana' },
      publisher: {
        '@type': 'Organization',
        name: 'Shop',
        url: 'https://shop.test/',
        logo: { '@type': 'ImageObject', url: 'https://shop.test/logo.svg' },
      },
    });
    const b = blog(shop, { name: 'Journal', url: '/journal', posts: [{ ...post, dateModified: '2024-02-01' }] });
    expect(b).toMatchObject({ '@type': 'Blog', name: 'Journal', url: 'https://shop.test/journal' });
    const posts = b.blogPost as Record<string, unknown>[];
    expect(posts).toEqual([expect.objectContaining({ '@type': 'BlogPosting', dateModified: '2024-02-01' })]);
    expect(posts[0]).not.toHaveProperty('@context');
  });

  it('builds FAQPage and Product with offers and rating', () => {
    expect(faqPage([{ question: 'Q?', answer: 'A.' }]).mainEntity).toEqual([
      { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
    ]);
    const p = product('https://shop.test', {
      name: 'Door',
      url: '/p',
      price: 5,
      currency: 'USD',
      rating: { value: 4.5, count: 2 },
    }) as Record<string, any>;
    expect(p.offers.price).toBe('5.00');
    expect(p.offers.url).toBe('https://shop.test/p');
    expect(p.aggregateRating.reviewCount).toBe(2);
  });

  it('builds a full offer: condition, price validity, shipping per destination and the return policy', () => {
    const p = product('https://shop.test', {
      name: 'Door',
      url: '/p',
      price: 5,
      currency: 'USD',
      material: ['Oak', 'Maple'],
      color: ['White'],
      priceValidUntil: '2030-01-31',
      itemCondition: 'NewCondition',
      shipping: [
        { country: 'US', rate: 9.5, handlingDays: { min: 1, max: 2 } },
        { country: 'US', regions: ['HI'], doesNotShip: true },
      ],
      returnPolicy: {
        applicableCountry: ['US'],
        returnPolicyCategory: 'MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 14,
        url: '/returns',
      },
    }) as Record<string, any>;
    expect(p).toMatchObject({ material: ['Oak', 'Maple'], color: 'White' });
    expect(p.offers).toMatchObject({
      priceValidUntil: '2030-01-31',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: [
        {
          '@type': 'OfferShippingDetails',
          shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
          shippingRate: { '@type': 'MonetaryAmount', value: 9.5, currency: 'USD' },
          deliveryTime: {
            '@type': 'ShippingDeliveryTime',
            handlingTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'DAY' },
          },
        },
        { shippingDestination: { addressRegion: ['HI'] }, doesNotShip: true },
      ],
      hasMerchantReturnPolicy: {
        applicableCountry: 'US',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 14,
        merchantReturnLink: 'https://shop.test/returns',
      },
    });
    expect(p.offers.shippingDetails[0].deliveryTime).not.toHaveProperty('transitTime');
  });
});
