import { describe, expect, it } from 'vitest';
import { defineBlock } from '../define-block.ts';
import { renderPageHtml } from '../render/render-html.tsx';
import type { BlockRegistry, PageData } from '../types.ts';
import { Img, type ImageData } from './image.tsx';
import { slotSizes } from './image-sizes.ts';

const photo = (n: number): ImageData => ({
  src: `/assets/images/p${n}-1280-h.jpg`,
  alt: `p${n}`,
  width: 4000,
  height: 3000,
  color: '#806040',
  srcset: {
    avif: `/assets/images/p${n}-320-h.avif 320w, /a${n}.avif 640w`,
    webp: `/assets/images/p${n}-320-h.webp 320w`,
  },
});
const registry: BlockRegistry = {
  cards: defineBlock({
    type: 'cards',
    component: () => (
      <div>
        <Img image={photo(1)} layout={{ mobile: 1, tablet: 1 / 2, desktop: 1 / 3 }} />
        <Img image={photo(2)} layout={{ mobile: 1, tablet: 1 / 2, desktop: 1 / 3 }} />
        <Img image={{ src: '/images/a.svg', alt: 'drawing', width: 10, height: 10 }} />
      </div>
    ),
  }),
};
const data: PageData = {
  path: '/',
  route: '/',
  status: 200,
  head: { title: 't', description: '', canonical: '', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [{ name: 'main', tag: 'main', blocks: [{ key: 'a', type: 'cards', props: {} }] }],
  blockTypes: ['cards'],
  site: {
    name: 's',
    origin: 'https://s.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

describe('Img with variants', () => {
  const html = renderPageHtml(data, '/', registry).html;
  const pictures = [...html.matchAll(/<picture[^>]*>(.*?)<\/picture>/g)].map((m) => m[1]!);

  it("renders AVIF then WebP sources with the block's sizes, and the fallback with the original's size", () => {
    expect(pictures).toHaveLength(2);
    const sizes = '(min-width: 1201px) 33vw, (min-width: 768px) 50vw, 100vw';
    expect(pictures[0]).toContain(`<source type="image/avif" srcSet="${photo(1).srcset!.avif}" sizes="${sizes}"/>`);
    expect(pictures[0]).toContain(`<source type="image/webp" srcSet="${photo(1).srcset!.webp}" sizes="${sizes}"/>`);
    expect(pictures[0]).toMatch(
      /<img class="[^"]*photoBox[^"]*" src="\/assets\/images\/p1-1280-h.jpg" alt="p1" width="4000" height="3000" loading="eager"/,
    );
  });

  it('the first is eager and high priority with no placeholder; a later one lazy on its dominant colour', () => {
    expect(pictures[0]).toContain('fetchPriority="high"');
    expect(pictures[0]).not.toContain('background-color');
    expect(pictures[1]).toContain('loading="lazy"');
    expect(pictures[1]).not.toContain('fetchPriority');
    expect(pictures[1]).toContain('style="background-color:#806040;--jv-ratio:4000 / 3000"');
  });

  it("holds a photo's box to the content's width x height once loaded (its shape in --jv-ratio); a drawing's is its own", () => {
    expect(pictures[0]).toContain('style="--jv-ratio:4000 / 3000"');
    expect(html).not.toMatch(/<img[^>]*src="\/images\/a.svg"[^>]*style=/);
  });

  it('an SVG stays one <img> without sizes', () => {
    expect(html).toMatch(/<\/picture><img src="\/images\/a.svg" alt="drawing" width="10" height="10" loading="lazy"/);
    expect(html.match(/sizes=/g)).toHaveLength(4);
  });
});

describe('slotSizes', () => {
  const bp = { tablet: 768, desktop: 1200 };
  it('lists only the devices that differ; a fixed length stays as it is', () => {
    expect(slotSizes({ mobile: 1 }, bp)).toBe('100vw');
    expect(slotSizes({ mobile: 1, tablet: 1 / 2 }, bp)).toBe('(min-width: 768px) 50vw, 100vw');
    expect(slotSizes({ mobile: '80px' }, bp)).toBe('80px');
    expect(slotSizes({ mobile: 1 / 2, desktop: 1 / 4 }, bp)).toBe('(min-width: 1200px) 25vw, 50vw');
  });
});
