import { describe, expect, it } from 'vitest';
import { renderDocument } from '../render/document.ts';
import type { PageData } from '../types.ts';
import { classesIn, createCriticalCss } from './critical-css.ts';

const CSS =
  ':root{--x:1}body{margin:0}.card_a{color:red}.card_a .title_b{font-weight:700}.menu_c.open_d{display:block}' +
  '.list_e:not(.empty_f){gap:1rem}@media (min-width:768px){.card_a{padding:1rem}.gone_g{color:blue}}' +
  '@media print{.gone_g{display:none}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}';

describe('critical CSS', () => {
  const critical = createCriticalCss(CSS);

  it('keeps the rules whose classes the page uses, in the sheet order, and those naming no class', () => {
    const css = critical('<div class="card_a"><h2 class="title_b">A</h2></div><ul class="list_e"></ul>');
    expect(css).toBe(
      ':root{--x:1}body{margin:0}.card_a{color:red}.card_a .title_b{font-weight:700}.list_e:not(.empty_f){gap:1rem}' +
        '@media (min-width:768px){.card_a{padding:1rem}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}',
    );
  });

  it('leaves out a rule until every class of one of its selectors is on the page (states added by scripts)', () => {
    expect(critical('<nav class="menu_c"></nav>')).not.toContain('open_d');
    expect(critical('<nav class="menu_c open_d"></nav>')).toContain('.menu_c.open_d{display:block}');
  });

  it('keeps the whole sheet when every class is used', () => {
    expect(critical('<i class="card_a title_b menu_c open_d list_e empty_f gone_g"></i>')).toBe(CSS);
  });

  it('reads class attributes with several names', () => {
    expect([...classesIn('<a class="x  y" id="z"><b class="">')]).toEqual(['x', 'y']);
  });
});

describe('the document with critical CSS', () => {
  const data = {
    head: { title: 'T', description: 'D', meta: [], canonical: 'https://example.com/', jsonLd: [] },
    site: { language: 'en', breakpoints: { tablet: 768, desktop: 1201 } },
  } as unknown as PageData;
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
