import { describe, expect, it } from 'vitest';
import { buildSearchIndex, querySearch } from '../search/index.ts';
import {
  checkCatalogue,
  defaultFinish,
  findFinish,
  finishQuery,
  formatPrice,
  indexSamples,
  roundMoney,
  sampleCartItem,
  selectedFinish,
  styleSearchDocs,
  catalogueUrlsOf,
  UnknownSampleFinishError,
  type ProductStylesFile,
  type Style,
} from './index.ts';
import { finishSample } from './finishes.ts';
import { buildSampleData } from './sample-data.ts';

/** The shipped shop's catalogue patterns (site-config/routes.json collections). */
const urls = catalogueUrlsOf({
  style: '/products/{category}/{subcategory}/{slug}',
  subcategory: '/products/{category}/{slug}',
});

const img = (name: string, w = 80, h = 80) => ({ src: `/images/styles/${name}.svg`, alt: name, width: w, height: h });

function makeStyle(over: Partial<Style> = {}): Style {
  return {
    slug: 'carlton',
    code: 'CARLTON',
    name: 'Carlton',
    title: 'Carlton Semi-Custom Kitchen Cabinets',
    category: 'kitchen-cabinets',
    subcategory: 'semi-custom-kitchen-cabinets',
    shortDescription: 'A versatile semi-custom shaker.',
    description: 'A solid hard-maple shaker door with a fine inside bead.',
    bullets: ['Solid maple'],
    images: [{ type: 'base', ...img('kitchens/shaker-pure-white', 800, 500) }],
    finishes: [
      {
        name: 'paint',
        group: 'Painted',
        title: 'Paint colours',
        items: [
          {
            value: 'pure-white',
            label: 'Pure White',
            image: img('swatches/pure-white'),
            doorImage: {
              ...img('doors/shaker-pure-white', 300, 400),
              processedUrls: { thumbnail: '/images/styles/doors/shaker-pure-white-thumb.svg' },
            },
          },
          { value: 'pacific-navy', label: 'Pacific Navy', image: img('swatches/pacific-navy') },
        ],
      },
      {
        name: 'stain',
        group: 'Stained',
        title: 'Stains',
        items: [{ value: 'espresso', label: 'Espresso', image: img('swatches/espresso') }],
      },
    ],
    action: { label: 'View Style', url: '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton' },
    specifications: [],
    faq: [],
    videos: [],
    samples: [
      {
        sku: 'CARLTON-SD-PW',
        name: 'Carlton sample door, Pure White',
        price: 0,
        weight: 3.6,
        finish: { type: 'paint', value: 'pure-white' },
      },
      {
        sku: 'CARLTON-SD-ESP',
        name: 'Carlton sample door, Espresso',
        price: 9.95,
        weight: 3.6,
        finish: { type: 'stain', value: 'espresso' },
      },
    ],
    ...over,
  };
}

describe('formatPrice', () => {
  it('shows $ and exactly two decimals', () => {
    expect(formatPrice(9.95)).toBe('$9.95');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(4290)).toBe('$4,290.00');
    expect(formatPrice(-4.5)).toBe('-$4.50');
  });

  it('rounds half-cents up, without floating-point surprises', () => {
    expect(formatPrice(1.005)).toBe('$1.01');
    expect(formatPrice(2.675)).toBe('$2.68');
    expect(formatPrice(0.1 + 0.2)).toBe('$0.30');
    expect(roundMoney(19.999)).toBe(20);
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
  });

  it('writes US dollars as Intl does (without loading its locale data), other currencies through Intl', () => {
    const intl = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const usd = { code: 'USD', locale: 'en-US' };
    for (const n of [
      0, -0, 0.01, 0.5, 1, 9.95, 99.99, 100, 999.99, 1000, 1234.5, 99999.99, 100000, 1234567.89, 12345678901.23, -0.01,
      -4.5, -1000, -1234567.8,
    ])
      expect(formatPrice(n, usd), String(n)).toBe(intl.format(roundMoney(n)));
    expect(formatPrice(1234.5, { code: 'EUR', locale: 'de-DE' })).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(1234.5),
    );
  });
});

describe('finishes', () => {
  const style = makeStyle();

  it('finds a finish by group name and value', () => {
    expect(findFinish(style, 'paint', 'pacific-navy')?.item.label).toBe('Pacific Navy');
    expect(findFinish(style, 'stain', 'espresso')?.group.title).toBe('Stains');
    expect(findFinish(style, 'stain', 'pacific-navy')).toBeUndefined();
    expect(findFinish(style, 'nope', 'pure-white')).toBeUndefined();
  });

  it('selects the finish named by ?type=&value=, else the first finish', () => {
    expect(selectedFinish(style, '?type=stain&value=espresso')?.item.value).toBe('espresso');
    expect(selectedFinish(style, new URLSearchParams({ type: 'paint', value: 'pacific-navy' }))?.item.value).toBe(
      'pacific-navy',
    );
    expect(selectedFinish(style, '?type=stain&value=unknown')?.item.value).toBe('pure-white');
    expect(selectedFinish(style, '')?.item.value).toBe('pure-white');
    expect(defaultFinish(makeStyle({ finishes: [] }))).toBeUndefined();
    expect(finishQuery('paint', 'pure-white')).toBe('type=paint&value=pure-white');
  });
});

describe('sample cart items', () => {
  const style = makeStyle();

  it('derives the cart line with the finish label, swatch and door thumbnail', () => {
    expect(sampleCartItem(style, style.samples[0]!)).toEqual({
      sku: 'CARLTON-SD-PW',
      name: 'Carlton sample door, Pure White',
      styleTitle: 'Carlton Semi-Custom Kitchen Cabinets',
      styleName: 'Carlton',
      price: 0,
      qty: 1,
      weight: 3.6,
      isSample: true,
      finish: {
        type: 'paint',
        label: 'Pure White',
        value: 'pure-white',
        image: {
          src: '/images/styles/swatches/pure-white.svg',
          processedUrls: { medium: '/images/styles/swatches/pure-white.svg' },
        },
      },
      images: [
        {
          src: '/images/styles/doors/shaker-pure-white.svg',
          altText: 'doors/shaker-pure-white',
          processedUrls: { cart: '/images/styles/doors/shaker-pure-white-thumb.svg' },
        },
      ],
    });
  });

  it('falls back to the swatch when the finish has no door image', () => {
    const line = sampleCartItem(style, style.samples[1]!);
    expect(line.price).toBe(9.95);
    expect(line.images[0]).toEqual({
      src: '/images/styles/swatches/espresso.svg',
      altText: 'swatches/espresso',
      processedUrls: { cart: '/images/styles/swatches/espresso.svg' },
    });
  });

  it('takes the named sizes of a photo from the pipeline, whatever copies the content names', () => {
    const photo = makeStyle();
    const item = photo.finishes[0]!.items[0]!;
    item.image = { ...item.image, src: '/images/styles/swatches/pure-white.jpg' };
    item.doorImage = { ...item.doorImage!, src: '/images/styles/doors/shaker-pure-white.jpg' };
    const line = sampleCartItem(photo, photo.samples[0]!);
    expect(line.images[0]!.processedUrls).toEqual({
      cart: '/images/_sizes/thumbnail/styles/doors/shaker-pure-white.webp',
    });
    expect(line.finish.image.processedUrls).toEqual({
      medium: '/images/_sizes/medium/styles/swatches/pure-white.webp',
    });
  });

  it('refuses a sample whose finish the style does not have', () => {
    expect(() => sampleCartItem(style, { ...style.samples[0]!, finish: { type: 'paint', value: 'sage' } })).toThrow(
      UnknownSampleFinishError,
    );
  });

  it('indexes every sample by sku', () => {
    const map = indexSamples([
      style,
      makeStyle({ slug: 'gc', name: 'Greenwich Classic', samples: [{ ...style.samples[0]!, sku: 'GC-SD-PW' }] }),
    ]);
    expect([...map.keys()]).toEqual(['CARLTON-SD-PW', 'CARLTON-SD-ESP', 'GC-SD-PW']);
    expect(map.get('GC-SD-PW')?.style.name).toBe('Greenwich Classic');
  });
});

describe('checkCatalogue', () => {
  it('accepts a consistent catalogue', () => {
    const file: ProductStylesFile = { styles: [makeStyle(), makeStyle({ slug: 'gc', samples: [] })] };
    expect(checkCatalogue(file, { urls, routeExists: () => true })).toEqual([]);
  });

  it('reports duplicate skus, unknown sample finishes, finishes without image, duplicate styles and missing routes', () => {
    const a = makeStyle();
    const b = makeStyle({
      samples: [
        { ...a.samples[0]!, sku: 'CARLTON-SD-PW' },
        { ...a.samples[0]!, sku: 'CARLTON-SD-SG', finish: { type: 'paint', value: 'sage' } },
      ],
    });
    b.finishes[1]!.items[0]!.image = { ...b.finishes[1]!.items[0]!.image, src: '' };
    const problems = checkCatalogue(
      { styles: [a, b] },
      { urls, routeExists: (p) => p !== '/products/kitchen-cabinets/semi-custom-kitchen-cabinets' },
    );
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([
      ['missing-category-route', '/styles/0/subcategory'],
      ['duplicate-style', '/styles/1/slug'],
      ['missing-category-route', '/styles/1/subcategory'],
      ['finish-without-image', '/styles/1/finishes/1/items/0'],
      ['duplicate-sku', '/styles/1/samples/0/sku'],
      ['unknown-sample-finish', '/styles/1/samples/1/finish'],
    ]);
    expect(problems[4]!.message).toBe('sku "CARLTON-SD-PW" is also used at /styles/0/samples/0');
  });
});

/** A style whose Pacific Navy is sold as another style's sample (an island accent colour). */
function accentStyles(sample = 'PN-SD-PN') {
  const carlton = makeStyle();
  const { sample: _none, ...navyItem } = carlton.finishes[0]!.items[1]!;
  carlton.finishes[0]!.items[1] = { ...navyItem, sample };
  const navy = makeStyle({
    slug: 'pn',
    code: 'PN',
    name: 'Pacific Navy',
    title: 'Pacific Navy Shaker',
    finishes: [{ name: 'color', group: 'Painted', title: 'Colour', items: [navyItem] }],
    samples: [
      {
        sku: 'PN-SD-PN',
        name: 'Pacific Navy Shaker sample door, Pacific Navy',
        price: 0,
        weight: 3.6,
        finish: { type: 'color', value: 'pacific-navy' },
      },
    ],
  });
  return { carlton, navy };
}

describe('samples of finishes another style sells', () => {
  it("offer the style's own sample first, then the finish's sku, else nothing", () => {
    const { carlton } = accentStyles();
    const pick = (type: string, value: string) => finishSample(findFinish(carlton, type, value), carlton.samples);
    expect(pick('paint', 'pure-white')).toEqual({ own: carlton.samples[0] });
    expect(pick('paint', 'pacific-navy')).toEqual({ sku: 'PN-SD-PN' });
    expect(pick('stain', 'espresso')).toEqual({ own: carlton.samples[1] });
    carlton.samples = [];
    expect(pick('stain', 'espresso')).toBeUndefined();
    expect(finishSample(undefined, [])).toBeUndefined();
  });

  it("list them after the style's own samples, as the selling style's cart line", () => {
    const { carlton, navy } = accentStyles();
    const data = buildSampleData([carlton, navy], urls);
    const carltonUrl = urls.style(carlton);
    expect(data.styles[carltonUrl]!.skus).toEqual(['CARLTON-SD-PW', 'CARLTON-SD-ESP', 'PN-SD-PN']);
    expect(data.samples['PN-SD-PN']).toMatchObject({
      name: 'Pacific Navy Shaker sample door, Pacific Navy',
      styleUrl: urls.style(navy),
      finish: { type: 'color', value: 'pacific-navy', label: 'Pacific Navy' },
    });
    expect(data.styles[urls.style(navy)]!.skus).toEqual(['PN-SD-PN']);
  });

  it('are reported when no style sells the sku', () => {
    const { carlton, navy } = accentStyles('PN-SD-NOPE');
    expect(checkCatalogue({ styles: [carlton, navy] })).toEqual([
      {
        code: 'unknown-finish-sample',
        pointer: '/styles/0/finishes/0/items/1/sample',
        message: 'finish "Pacific Navy" of style "Carlton" names sample "PN-SD-NOPE", which no style sells',
      },
    ]);
    expect(buildSampleData([carlton, navy], urls).styles[urls.style(carlton)]!.skus).toEqual([
      'CARLTON-SD-PW',
      'CARLTON-SD-ESP',
    ]);
    const sold = accentStyles();
    expect(checkCatalogue({ styles: [sold.carlton, sold.navy] })).toEqual([]);
  });
});

describe('style search documents', () => {
  it('index a style under its url, code and sample skus', () => {
    const style = makeStyle();
    expect(urls.style(style)).toBe('/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton');
    const index = buildSearchIndex(styleSearchDocs([style], urls));
    expect(querySearch(index, 'carlton-sd-esp')[0]).toMatchObject({
      url: urls.style(style),
      field: 'sku',
      kind: 'style',
    });
    expect(querySearch(index, 'inside bead')[0]?.field).toBe('description');
  });
});
