import { describe, expect, it } from 'vitest';
import { defineBlock } from '../define-block.ts';
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
    site: { name: 's', origin: 'https://s.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
  };
}

describe('renderPageHtml', () => {
  it('renders regions and blocks in order', () => {
    const r = renderPageHtml(page([{ key: 'a', type: 'text', props: { text: 'One' } }, { key: 'b', type: 'text', props: { text: 'Two' } }]), '/', registry);
    expect(r.html).toBe('<div class="jv-progress" role="progressbar" aria-label="Loading page" hidden=""></div><main data-region="main" id="main"><p>One</p><p>Two</p></main>');
  });

  it('shows a visible placeholder for an unknown block in development and nothing in production', () => {
    const data = page([{ key: 'a', type: 'mystery', props: {} }, { key: 'b', type: 'text', props: { text: 'Still here' } }]);
    expect(renderPageHtml(data, '/', registry, true).html).toContain('Unknown block type &quot;mystery&quot;');
    const prod = renderPageHtml(data, '/', registry, false).html;
    expect(prod).not.toContain('mystery');
    expect(prod).toContain('Still here');
  });

  it('leaves out a block that throws, reports it, and renders the rest', () => {
    const data = page([{ key: 'a', type: 'text', props: { text: 'Before' } }, { key: 'b', type: 'boom', props: {} }, { key: 'c', type: 'text', props: { text: 'After' } }]);
    const r = renderPageHtml(data, '/', registry);
    expect(r.html).toContain('Before');
    expect(r.html).toContain('After');
    expect(r.failed).toEqual([{ key: 'b', type: 'boom', message: 'kaboom' }]);
    expect(r.data.regions[0]!.blocks.map((b) => b.key)).toEqual(['a', 'c']);
  });

  it('wraps a block limited to some sizes in classes that hide it on the others', () => {
    const r = renderPageHtml(page([{ key: 'a', type: 'text', props: { text: 'Mobile only' }, visibleOn: ['mobile'] }]), '/', registry);
    expect(r.html).toContain('<div class="jv-vis jv-hide-tablet jv-hide-desktop"><p>Mobile only</p></div>');
  });
});

describe('deferred blocks', () => {
  it('prerender their HTML inside a Suspense boundary the browser hydrates later', () => {
    const data = page([{ key: 'f', type: 'text', props: { text: 'Footer' }, load: 'visible' }]);
    const html = renderPageHtml(data, '/', registry).html;
    expect(html).toContain('<div class="jv-vis" data-jv-defer="f"><!--$--><p>Footer</p><!--/$--></div>');
  });
});
