import { describe, expect, it } from 'vitest';
import type { PageData } from '../types.ts';
import { renderDocument } from './document.ts';

const data = {
  head: { title: 'T', description: 'D', meta: [], canonical: 'https://example.com/', jsonLd: [] },
  site: { language: 'en', breakpoints: { tablet: 768, desktop: 1201 } },
  regions: [],
} as unknown as PageData;

describe('the document with critical CSS', () => {
  const assets = { entry: '/assets/entry.js', css: ['/assets/style-1.css'], preload: ['/assets/a.js'] };

  it('inlines it and loads the stylesheet without blocking, with a <noscript> link', () => {
    const html = renderDocument({ data, html: '', assets: { ...assets, inlineCss: '.a{color:red}' } });
    expect(html).toContain('<style data-jv-critical>.a{color:red}</style>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/style-1.css" media="print" data-jv-css>');
    expect(html).toContain('<noscript><link rel="stylesheet" href="/assets/style-1.css"></noscript>');
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(2);
  });

  it('links the stylesheet as before when there is none, or when it could close the <style> element', () => {
    for (const inlineCss of [undefined, 'a{content:"</style><script>"}']) {
      const html = renderDocument({ data, html: '', assets: { ...assets, inlineCss } });
      expect(html).toContain('<link rel="stylesheet" href="/assets/style-1.css">');
      expect(html).not.toContain('data-jv-critical');
    }
  });
});

describe('the document with a boot script', () => {

  it('has it as its only script, naming the entry and the chunks to preload; no modulepreload in the HTML', () => {
    const html = renderDocument({ data, html: '', assets: { entry: '/assets/entry.js', css: [], preload: ['/assets/a.js', '/assets/b.js'], boot: '/assets/boot.js' } });
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual(['<script type="module" src="/assets/boot.js" data-jv-entry="/assets/entry.js" data-jv-preload="/assets/a.js /assets/b.js" fetchpriority="low">']);
    expect(html).not.toContain('modulepreload');
  });
});

describe('the first paint', () => {
  const assets = { entry: '/assets/entry.js', css: [], preload: [] };
  const regions = (...tags: string[]) => ({ ...data, regions: tags.map((tag) => ({ name: tag, tag, blocks: [] })) }) as unknown as PageData;

  it('waits for <main> (the header before it is whole), by a link in the head, when the page has a main region', () => {
    const html = renderDocument({ data: regions('header', 'main', 'footer'), html: '<main id="main"></main>', assets });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#main" blocking="render">');
  });

  it('waits for nothing when the page has no <main> (a browser would wait until the whole page is parsed)', () => {
    expect(renderDocument({ data: regions('header', 'div'), html: '', assets })).not.toContain('rel="expect"');
  });
});
