import { describe, expect, it } from 'vitest';
import { defineBlock } from '../define-block.ts';
import { EmbeddedBlock } from './embedded-block.tsx';
import type { BlockRegistry, PageData } from '../types.ts';
import { renderPageHtml } from './render-html.tsx';

const registry: BlockRegistry = {
  text: defineBlock({ type: 'text', component: ({ text }: { text: string }) => <p>{text}</p> }),
  boom: defineBlock({
    type: 'boom',
    component: () => {
      throw new Error('kaboom');
    },
  }),
};

function page(blocks: PageData['regions'][number]['blocks']): PageData {
  return {
    path: '/',
    route: '/',
    status: 200,
    head: { title: 't', description: '', canonical: '', meta: [], jsonLd: [], tagManager: false },
    breadcrumbs: [],
    regions: [{ name: 'main', tag: 'main', blocks }],
    blockTypes: [...new Set(blocks.map((b) => b.type))],
    site: {
      name: 's',
      origin: 'https://s.test',
      language: 'en',
      currency: 'USD',
      breakpoints: { tablet: 768, desktop: 1201 },
      integrations: {},
    },
  };
}

describe('renderPageHtml', () => {
  it('renders regions and blocks in order', () => {
    const r = renderPageHtml(
      page([
        { key: 'a', type: 'text', props: { text: 'One' } },
        { key: 'b', type: 'text', props: { text: 'Two' } },
      ]),
      '/',
      registry,
    );
    expect(r.html).toBe('<main data-region="main" id="main"><p>One</p><p>Two</p></main>');
  });

  it('shows a visible placeholder for an unknown block in development and nothing in production', () => {
    const data = page([
      { key: 'a', type: 'mystery', props: {} },
      { key: 'b', type: 'text', props: { text: 'Still here' } },
    ]);
    expect(renderPageHtml(data, '/', registry, true).html).toContain('Unknown block type &quot;mystery&quot;');
    const prod = renderPageHtml(data, '/', registry, false).html;
    expect(prod).not.toContain('mystery');
    expect(prod).toContain('Still here');
  });

  it('leaves out a block that throws, reports it, and renders the rest', () => {
    const data = page([
      { key: 'a', type: 'text', props: { text: 'Before' } },
      { key: 'b', type: 'boom', props: {} },
      { key: 'c', type: 'text', props: { text: 'After' } },
    ]);
    const r = renderPageHtml(data, '/', registry);
    expect(r.html).toContain('Before');
    expect(r.html).toContain('After');
    expect(r.failed).toEqual([{ key: 'b', type: 'boom', message: 'kaboom' }]);
    expect(r.data.regions[0]!.blocks.map((b) => b.key)).toEqual(['a', 'c']);
  });

  it('wraps a block limited to some sizes in classes that hide it on the others', () => {
    const r = renderPageHtml(
      page([{ key: 'a', type: 'text', props: { text: 'Mobile only' }, visibleOn: ['mobile'] }]),
      '/',
      registry,
    );
    expect(r.html).toContain('<div class="jv-vis jv-hide-tablet jv-hide-desktop"><p>Mobile only</p></div>');
  });
});

describe('islands', () => {
  const islandRegistry: BlockRegistry = {
    ...registry,
    counter: defineBlock({
      type: 'counter',
      island: { start: 'load', code: 'component' },
      component: ({ label }: { label: string }) => <button type="button">{label}</button>,
    }),
    popup: defineBlock({
      type: 'popup',
      island: { start: 'interaction', code: 'component' },
      component: ({ q }: { q: string }) => <input aria-label="Search" defaultValue={q} />,
    }),
    host: defineBlock({
      type: 'host',
      island: { start: 'idle', code: 'component' },
      component: () => (
        <div>
          <EmbeddedBlock type="counter" props={{ label: 'Inner' }} />
        </div>
      ),
    }),
    header: defineBlock({
      type: 'header',
      component: () => (
        <header>
          <EmbeddedBlock type="popup" props={{ q: 'doors' }} />
          <EmbeddedBlock type="text" props={{ text: 'Static' }} />
        </header>
      ),
    }),
  };

  it('leave a static block as plain HTML and list no island for it', () => {
    const r = renderPageHtml(page([{ key: 'a', type: 'text', props: { text: 'Just text' } }]), '/', islandRegistry);
    expect(r.html).toBe('<main data-region="main" id="main"><p>Just text</p></main>');
    expect(r.islands).toEqual({});
  });

  it("wrap an island block with its start and list its props, the page's load choice over the block's", () => {
    const r = renderPageHtml(
      page([
        { key: 'c', type: 'counter', props: { label: 'Add' } },
        { key: 'd', type: 'counter', props: { label: 'Later' }, load: 'visible' },
      ]),
      '/',
      islandRegistry,
    );
    expect(r.html).toContain(
      '<div class="jv-vis" data-jv-island="c" data-jv-start="load"><button type="button">Add</button></div>',
    );
    expect(r.html).toContain(
      '<div class="jv-vis" data-jv-island="d" data-jv-start="visible"><button type="button">Later</button></div>',
    );
    expect(r.islands).toEqual({
      c: { type: 'counter', start: 'load', props: { label: 'Add' } },
      d: { type: 'counter', start: 'visible', props: { label: 'Later' } },
    });
  });

  it('render an island inside an island as part of its host, whose code it notes', () => {
    const r = renderPageHtml(page([{ key: 'h', type: 'host', props: {} }]), '/', islandRegistry);
    expect(r.html).toBe(
      '<main data-region="main" id="main"><div class="jv-vis" data-jv-island="h" data-jv-start="idle"><div><button type="button">Inner</button></div></div></main>',
    );
    expect(r.islands).toEqual({ h: { type: 'host', start: 'idle', props: {}, embeds: ['counter'] } });
  });

  it('make an island embedded in a static block an island of its own, and a static one HTML', () => {
    const r = renderPageHtml(page([{ key: 'hd', type: 'header', props: {} }]), '/', islandRegistry);
    const [id, island] = Object.entries(r.islands)[0]!;
    expect(island).toEqual({ type: 'popup', start: 'interaction', props: { q: 'doors' } });
    expect(r.html).toContain(
      `<header><div class="jv-vis" data-jv-island="${id}" data-jv-start="interaction"><input aria-label="Search" value="doors"/></div><p>Static</p></header>`,
    );
  });
});
