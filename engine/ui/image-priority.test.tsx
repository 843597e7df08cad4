import { describe, expect, it } from 'vitest';
import { defineBlock } from '../define-block.ts';
import { renderPageHtml } from '../render/render-html.tsx';
import type { BlockRegistry, PageData } from '../types.ts';
import { Img } from './image.tsx';

const pic = (n: number) => ({ src: `/p${n}.jpg`, alt: `p${n}`, width: 10, height: 10 });
const registry: BlockRegistry = {
  pics: defineBlock({
    type: 'pics',
    component: ({ from, priority }: { from: number; priority?: boolean }) => (
      <div>
        <Img image={pic(from)} priority={priority} />
        <Img image={pic(from + 1)} />
      </div>
    ),
  }),
  text: defineBlock({ type: 'text', component: () => <p>Hello</p> }),
};
const page = (blocks: PageData['regions'][number]['blocks']): PageData => ({
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
});
const imgs = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);

describe("the page's first image", () => {
  it('loads eagerly with high priority; every later one lazily', () => {
    const html = renderPageHtml(
      page([
        { key: 'a', type: 'text', props: {} },
        { key: 'b', type: 'pics', props: { from: 1 } },
        { key: 'c', type: 'pics', props: { from: 3 } },
      ]),
      '/',
      registry,
    ).html;
    const [first, ...rest] = imgs(html);
    expect(first).toContain('src="/p1.jpg"');
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchPriority="high"');
    expect(rest).toHaveLength(3);
    for (const tag of rest) expect(tag).toContain('loading="lazy"');
  });

  it('an image marked not priority leaves the slot to the next one', () => {
    const html = renderPageHtml(
      page([{ key: 'b', type: 'pics', props: { from: 1, priority: false } }]),
      '/',
      registry,
    ).html;
    expect(imgs(html).map((t) => /loading="(\w+)"/.exec(t)![1])).toEqual(['lazy', 'eager']);
  });

  it('each page render has its own slot', () => {
    const data = page([{ key: 'b', type: 'pics', props: { from: 1 } }]);
    renderPageHtml(data, '/', registry);
    expect(imgs(renderPageHtml(data, '/', registry).html)[0]).toContain('loading="eager"');
  });
});
