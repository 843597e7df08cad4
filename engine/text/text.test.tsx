import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RichNodes, createSlugger, headingsOf, plainText, slugify, type RichNode } from './index.ts';

const nodes: RichNode[] = [
  { type: 'h2', text: 'Why **sample** doors?' },
  { type: 'p', text: 'Text with a [link](/order-samples).' },
  { type: 'h3', text: 'Paint vs. stain' },
  { type: 'img', src: '/images/blog/x.svg', alt: 'A door', width: 640, height: 420, caption: 'Our **navy** door' },
  { type: 'h4', text: 'Paint vs. stain' },
  { type: 'h2', text: 'Crème & brûlée' },
];

describe('slugs', () => {
  it('slugify strips markup, accents and punctuation', () => {
    expect(slugify('**Bold** [Cabinets](/x) & Counters!')).toBe('bold-cabinets-and-counters');
    expect(slugify('Crème brûlée')).toBe('creme-brulee');
    expect(slugify('!!!')).toBe('section');
    expect(plainText('a [b **c**](/d) e')).toBe('a b c e');
  });

  it('a slugger numbers repeats', () => {
    const idFor = createSlugger();
    expect([idFor('A b'), idFor('a B'), idFor('A-b')]).toEqual(['a-b', 'a-b-2', 'a-b-3']);
  });
});

describe('RichNodes and headingsOf', () => {
  const html = renderToString(
    <StaticRouter location="/">
      <RichNodes nodes={nodes} classNames={{ figure: 'fig' }} />
    </StaticRouter>,
  );

  it('gives every heading the id its table-of-contents entry links to', () => {
    const toc = headingsOf(nodes);
    expect(toc).toEqual([
      { id: 'why-sample-doors', text: 'Why sample doors?', level: 2 },
      { id: 'paint-vs-stain', text: 'Paint vs. stain', level: 3 },
      { id: 'paint-vs-stain-2', text: 'Paint vs. stain', level: 4 },
      { id: 'creme-and-brulee', text: 'Crème & brûlée', level: 2 },
    ]);
    const ids = [...html.matchAll(/<h[234] id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(toc.map((h) => h.id));
  });

  it('renders images with size, alt text, lazy loading and a caption', () => {
    expect(html).toMatch(
      /<figure class="fig"><img src="\/images\/blog\/x.svg" alt="A door" width="640" height="420" loading="lazy" decoding="async"\/><figcaption>Our <strong>navy<\/strong> door<\/figcaption><\/figure>/,
    );
  });
});
