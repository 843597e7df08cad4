import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../engine/index.ts';
import { PageContext } from '../../engine/render/context.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import type { RichTextProps } from '../../schemas/types/blocks/rich-text.ts';
import { plainText, slugify } from '../../engine/index.ts';

const page: PageData = {
  path: '/blogs',
  route: '/blogs',
  status: 200,
  head: { title: 'Blog', description: '', canonical: 'https://shop.test/blogs', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['rich-text'],
  site: { name: 'Hearthline Cabinetry', origin: 'https://shop.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
};

function render(props: RichTextProps) {
  const RichText = block.component;
  return renderToString(
    <StaticRouter location={page.path}>
      <PageContext.Provider value={page}>
        <RichText {...props} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}

describe('rich-text', () => {
  const html = render(example.props as RichTextProps);

  it('renders headings with unique id slugs', () => {
    expect(html).toContain('<h2 id="why-order-sample-doors-first">Why order sample doors first?</h2>');
    expect(html).toContain('<h3 id="paint-vs-stain">Paint vs. stain</h3>');
    expect(html).toContain('<h3 id="paint-vs-stain-2">Paint vs. stain</h3>');
  });

  it('renders inline links and bold', () => {
    expect(html).toContain('<strong>five free sample doors</strong>');
    expect(html).toMatch(/<a href="\/order-samples"[^>]*>Sample Doors<\/a> page before you buy\./);
    expect(html).toMatch(/<li>Book a <a href="\/book-appointment"[^>]*>free design call<\/a><\/li>/);
  });

  it('renders lists and quotes', () => {
    expect(html).toContain('<ul><li>Full-size 11 x 14 inch doors</li>');
    expect(html).toContain('<ol><li>Pick two or three finishes</li>');
    expect(html).toContain('<blockquote><p>The navy shaker sample sold us in ten seconds.</p></blockquote><figcaption>Dana R., Columbus, OH</figcaption>');
  });

  it('escapes text instead of injecting HTML', () => {
    const out = render({ content: [{ type: 'p', text: '<img src=x onerror=alert(1)> **<b>**' }] });
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt; <strong>&lt;b&gt;</strong>');
    expect(out).not.toContain('<img');
  });

  it('renders images in the text flow with size, alt text and a caption', () => {
    const out = render({ content: [{ type: 'img', src: '/images/blog/galley-pantry.svg', alt: 'Galley plan', width: 960, height: 540, caption: 'The **plan**' }] });
    expect(out).toMatch(/<figure class="[^"]+"><img src="\/images\/blog\/galley-pantry.svg" alt="Galley plan" width="960" height="540" loading="lazy" decoding="async"\/><figcaption>The <strong>plan<\/strong><\/figcaption><\/figure>/);
  });

  it('slugs and plain text', () => {
    expect(slugify('**Bold** [Cabinets](/x) & Counters!')).toBe('bold-cabinets-and-counters');
    expect(slugify('Crème brûlée')).toBe('creme-brulee');
    expect(plainText('a [b **c**](/d) e')).toBe('a b c e');
  });
});
