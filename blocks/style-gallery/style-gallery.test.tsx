import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StyleGalleryProps } from '../../schemas/types/blocks/style-gallery.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const Gallery = block.component;
const props = example.props as StyleGalleryProps;

describe('style-gallery', () => {
  it('shows the first image large, with its size, caption and priority loading', () => {
    const html = renderToString(<Gallery {...props} />);
    expect(html).toMatch(/<section[^>]*aria-label="Carlton images"/);
    const main = /<figure[^>]*><img([^>]*)>/.exec(html)![1]!;
    expect(main).toContain('src="/images/styles/kitchens/shaker-pure-white.svg"');
    expect(main).toContain('alt="Kitchen with shaker cabinets in Pure White"');
    expect(main).toContain('width="800"');
    expect(main).toContain('height="500"');
    expect(main).toContain('loading="eager"');
    expect(html).toMatch(/<figcaption[^>]*>Pure White<\/figcaption>/);
  });

  it('gives each thumbnail a named toggle button; the first is pressed', () => {
    const html = renderToString(<Gallery {...props} />);
    const buttons = [...html.matchAll(/<button([^>]*)>.*?<span class="jv-sr-only">([^<]*)<\/span><\/button>/g)];
    expect(buttons.map((b) => b[2])).toEqual(['Show image 1 of 3: Pure White', 'Show image 2 of 3: Natural White Oak', 'Show image 3 of 3: Sample door']);
    expect(buttons.map((b) => /aria-pressed="(\w+)"/.exec(b[1]!)![1])).toEqual(['true', 'false', 'false']);
  });

  it('shows no thumbnails for a single image', () => {
    const html = renderToString(<Gallery images={[props.images[0]!]} />);
    expect(html).not.toContain('<button');
    expect(html).toContain('aria-label="Product images"');
  });
});
