import { describe, expect, it } from 'vitest';
import { breadcrumbList, faqPage, product, serializeJsonLd, webSite } from './json-ld.ts';

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

  it('builds WebSite with a SearchAction to /search?query=', () => {
    const w = webSite(site) as { potentialAction: { target: { urlTemplate: string } } };
    expect(w.potentialAction.target.urlTemplate).toBe('https://shop.test/search?query={search_term_string}');
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
});
