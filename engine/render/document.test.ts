import { describe, expect, it } from 'vitest';
import type { PageData } from '../types.ts';
import { renderDocument } from './document.ts';

const base = {
  head: { title: 'T', description: 'D', meta: [], canonical: 'https://example.com/', jsonLd: [] },
  site: { language: 'en', breakpoints: { tablet: 768, desktop: 1201 } },
  regions: [],
};
const data = base as unknown as PageData;

describe('the document with critical CSS', () => {
  const assets = { entry: '/assets/entry.js', css: ['/assets/style-1.css'], preload: ['/assets/a.js'] };

  it('inlines it and links the stylesheet disabled, for the boot script to enable', () => {
    const html = renderDocument({ data, html: '', assets: { ...assets, inlineCss: '.a{color:red}' } });
    expect(html).toContain('<style data-jv-critical>.a{color:red}</style>');
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/style-1.css" disabled data-jv-sheet>',
    ]);
  });

  it('links the stylesheet as before when there is none, or when it could close the <style> element', () => {
    for (const inlineCss of [undefined, 'a{content:"</style><script>"}']) {
      const html = renderDocument({ data, html: '', assets: { ...assets, inlineCss } });
      expect(html).toContain('<link rel="stylesheet" href="/assets/style-1.css">');
      expect(html).not.toContain('data-jv-critical');
    }
  });
});

describe('the scripts of a page', () => {
  const assets = {
    entry: '/assets/entry.js',
    css: [],
    preload: ['/assets/a.js', '/assets/b.js'],
    boot: '/assets/boot.js',
    blockChunks: { counter: ['/assets/dep.js'] },
  };
  const islands = { k1: { type: 'counter', start: 'load' as const, props: { label: 'Add </script><b>' } } };
  const data = {
    ...base,
    path: '/p',
    route: '/p',
    status: 200,
    breadcrumbs: [],
    head: { ...base.head, tagManager: true },
    regions: [{ name: 'main', tag: 'main', blocks: [{ key: 'x', type: 'counter', props: { secret: 1 } }] }],
  } as unknown as PageData;

  it('with islands: the boot script is the only module script, naming the runtime and the chunks to preload; no modulepreload', () => {
    const html = renderDocument({ data, html: '', assets, islands });
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" src="/assets/boot.js" data-jv-entry="/assets/entry.js" data-jv-preload="/assets/a.js /assets/b.js" fetchpriority="low">',
    ]);
    expect(html).not.toContain('modulepreload');
  });

  it("with islands: lists each island's props and what islands read of the page (no blocks, no head), escaped inside the script element", () => {
    const html = renderDocument({ data, html: '', assets, islands });
    const json = /<script id="jv-islands" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toContain('</script>');
    const parsed = JSON.parse(json);
    expect(parsed.islands).toEqual(islands);
    expect(parsed.chunks).toEqual({ counter: ['/assets/dep.js'] });
    expect(Object.keys(parsed.page).sort()).toEqual(['breadcrumbs', 'head', 'path', 'route', 'site', 'status']);
    expect(parsed.page).toMatchObject({ path: '/p', route: '/p', head: { tagManager: true } });
    expect(parsed.page.head).toEqual({ tagManager: true });
    expect(json).not.toContain('secret');
  });

  it('without islands: no script of ours at all, and no page data', () => {
    const html = renderDocument({ data, html: '', assets });
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toContain('jv-islands');
    expect(html).not.toContain('__JOINERY_DATA__');
  });

  it('always: Speculation Rules that prerender same-site pages on intent, never the API or a download', () => {
    const html = renderDocument({ data, html: '', assets });
    const rules = JSON.parse(/<script type="speculationrules">(.*?)<\/script>/s.exec(html)![1]!);
    expect(rules.prerender[0].eagerness).toBe('moderate');
    expect(JSON.stringify(rules.prerender[0].where)).toContain('"href_matches":"/*"');
    expect(JSON.stringify(rules.prerender[0].where)).toContain('{"not":{"href_matches":"/api/*"}}');
    expect(JSON.stringify(rules.prerender[0].where)).toContain('[download]');
    expect(rules.prefetch[0].where).toEqual(rules.prerender[0].where);
  });
});

describe('the first paint', () => {
  const assets = { entry: '/assets/entry.js', css: [], preload: [] };
  const regions = (...tags: string[]) =>
    ({ ...data, regions: tags.map((tag) => ({ name: tag, tag, blocks: [] })) }) as unknown as PageData;

  it('waits for <main> (the header before it is whole), by a link in the head, when the page has a main region', () => {
    const html = renderDocument({ data: regions('header', 'main', 'footer'), html: '<main id="main"></main>', assets });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#main" blocking="render">');
  });

  it('waits for nothing when the page has no <main> (a browser would wait until the whole page is parsed)', () => {
    expect(renderDocument({ data: regions('header', 'div'), html: '', assets })).not.toContain('rel="expect"');
  });
});
