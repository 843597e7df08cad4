import { describe, expect, it } from 'vitest';
import { memorySite } from '../testing/memory-site.ts';
import { buildSampleData } from './sample-data.ts';
import { styleSearchDocs } from './search-docs.ts';
import { catalogueUrls, CatalogueRoutesError } from './urls.ts';

const style = { slug: 'alder', category: 'doors', subcategory: 'shaker' };

describe('catalogue URLs come from routes.json', () => {
  it("another shop's collection patterns give its own paths", () => {
    const site = memorySite({
      'routes.json': {
        routes: [],
        collections: [
          { path: '/shop/{category}/{slug}', page: 'style', source: 'catalogs/product-styles.json#/styles' },
          {
            path: '/shop/{category}/range/{slug}',
            page: 'range',
            source: 'catalogs/product-categories.json#/subcategories',
          },
        ],
      },
    });
    const urls = catalogueUrls(site);
    expect(urls.style(style)).toBe('/shop/doors/alder');
    expect(urls.subcategory('doors', 'shaker')).toBe('/shop/doors/range/shaker');
    expect(buildSampleData([], urls)).toEqual({ version: 1, styles: {}, samples: {} });
    expect(
      styleSearchDocs(
        [
          {
            ...style,
            code: 'AL',
            name: 'Alder',
            title: 'Alder',
            shortDescription: '',
            description: '',
            samples: [],
          } as never,
        ],
        urls,
      )[0]!.url,
    ).toBe('/shop/doors/alder');
  });

  it('the shipped shop: /products/{category}/{subcategory}/{slug}', () => {
    const urls = catalogueUrls(
      memorySite({
        'routes.json': {
          routes: [],
          collections: [
            {
              path: '/products/{category}/{subcategory}/{slug}',
              page: 'p',
              source: 'catalogs/product-styles.json#/styles',
            },
          ],
        },
      }),
    );
    expect(urls.style(style)).toBe('/products/doors/shaker/alder');
    expect(urls.subcategory('doors', 'shaker')).toBeUndefined();
  });

  it('a site without a styles collection has no style pages to link', () => {
    expect(() => catalogueUrls(memorySite({ 'routes.json': { routes: [] } })).style(style)).toThrow(
      CatalogueRoutesError,
    );
  });
});
