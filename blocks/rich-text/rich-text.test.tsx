import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, type WrittenProps, PageContext } from '../../engine/testing/index.ts';
import { type PageData, plainText, slugify } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import type { RichTextProps } from '../../schemas/types/blocks/rich-text.ts';

const page: PageData = {
  path: '/blogs',
  route: '/blogs',
  status: 200,
  head: {
    title: 'Blog',
    description: '',
    canonical: 'https://shop.test/blogs',
    meta: [],
    jsonLd: [],
    tagManager: false,
  },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['rich-text'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

function render(props: WrittenProps<RichTextProps>) {
  const RichText = block.component;
  return screenOf(
    renderToString(
      <StaticRouter location={page.path}>
        <PageContext.Provider value={page}>
          <RichText {...blockProps(block, props)} />
        </PageContext.Provider>
      </StaticRouter>,
    ),
  );
}

describe('rich-text', () => {
  const screen = render(example.props as RichTextProps);
  const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => `${h.id} ${h.textContent}`);

  it('renders headings with unique id slugs', () => {
    expect(headings(2)).toContain('why-order-sample-doors-first Why order sample doors first?');
    expect(headings(3)).toEqual(
      expect.arrayContaining(['paint-vs-stain Paint vs. stain', 'paint-vs-stain-2 Paint vs. stain']),
    );
  });

  it('renders inline links and bold', () => {
    expect(screen.getByText('five free sample doors').tagName).toBe('STRONG');
    const samples = screen.getByRole('link', { name: 'Sample Doors' });
    expect(samples.getAttribute('href')).toBe('/order-samples');
    expect(samples.parentElement!.textContent).toContain('Sample Doors page before you buy.');
    const call = screen.getByRole('link', { name: 'free design call' });
    expect(call.getAttribute('href')).toBe('/book-appointment');
    expect(call.closest('li')!.textContent).toBe('Book a free design call');
  });

  it('renders lists and quotes', () => {
    const firstItems = screen.getAllByRole('list').map((l) => `${l.tagName} ${l.querySelector('li')!.textContent}`);
    expect(firstItems).toEqual(
      expect.arrayContaining(['UL Full-size 11 x 14 inch doors', 'OL Pick two or three finishes']),
    );
    const quote = screen.getByText('The navy shaker sample sold us in ten seconds.').closest('blockquote')!;
    expect(quote.nextElementSibling?.tagName).toBe('FIGCAPTION');
    expect(quote.nextElementSibling?.textContent).toBe('Dana R., Columbus, OH');
  });

  it('escapes text instead of injecting HTML', () => {
    const out = render({ content: [{ type: 'p', text: '<img src=x onerror=alert(1)> **<b>**' }] });
    // The markup stays text: no element is made from it, only the bold the text asked for.
    expect(out.container.querySelector('img, b')).toBeNull();
    expect(out.getByText('<b>').tagName).toBe('STRONG');
    expect(out.getByText('<b>').parentElement!.textContent).toBe('<img src=x onerror=alert(1)> <b>');
  });

  it('renders images in the text flow with size, alt text and a caption', () => {
    const out = render({
      content: [
        {
          type: 'img',
          src: '/images/blog/galley-pantry.svg',
          alt: 'Galley plan',
          width: 960,
          height: 540,
          caption: 'The **plan**',
        },
      ],
    });
    const img = out.getByRole('img', { name: 'Galley plan' });
    expect(['src', 'width', 'height', 'loading', 'decoding'].map((a) => img.getAttribute(a))).toEqual([
      '/images/blog/galley-pantry.svg',
      '960',
      '540',
      'lazy',
      'async',
    ]);
    const caption = img.closest('figure')!.querySelector('figcaption')!;
    expect(caption.textContent).toBe('The plan');
    expect(caption.querySelector('strong')?.textContent).toBe('plan');
  });

  it('slugs and plain text', () => {
    expect(slugify('**Bold** [Cabinets](/x) & Counters!')).toBe('bold-cabinets-and-counters');
    expect(slugify('Crème brûlée')).toBe('creme-brulee');
    expect(plainText('a [b **c**](/d) e')).toBe('a b c e');
  });
});
