// @vitest-environment happy-dom
/**
 * An island's server HTML is what its browser hydration renders: the same ids from useId (each
 * island's own, prefixed with its wrapper id) and the same image priority; React reports no
 * difference. Resources React hoists out of an island (an image's preload) go to the page's front.
 */
import { act, useId } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineBlock } from '../define-block.ts';
import type { BlockRegistry, PageData } from '../types.ts';
import { Img } from '../ui/image.tsx';
import { ISLAND_ATTR } from './island-attrs.ts';
import { islandIdPrefix } from './island-html.ts';
import { IslandRoot } from './island-root.tsx';
import { renderPageHtml } from './render-html.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Field({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  );
}

const registry: BlockRegistry = {
  field: defineBlock({ type: 'field', island: { start: 'load', code: 'component' }, component: Field }),
  pair: defineBlock({
    type: 'pair',
    island: { start: 'load', code: 'component' },
    component: ({ a, b }: { a: string; b: string }) => (
      <div>
        <Field label={a} />
        <Img image={{ src: '/p.jpg', alt: '', width: 10, height: 10 }} />
        <Field label={b} />
      </div>
    ),
  }),
  late: defineBlock({
    type: 'late',
    island: { start: 'idle', code: 'component' },
    component: () => <Img image={{ src: '/q.jpg', alt: '', width: 10, height: 10 }} />,
  }),
  text: defineBlock({ type: 'text', component: ({ text }: { text: string }) => <p>{text}</p> }),
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

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('an island rendered on the server', () => {
  const data = page([
    { key: 'a', type: 'text', props: { text: 'Static' } },
    { key: 'one', type: 'field', props: { label: 'First' } },
    { key: 'two', type: 'pair', props: { a: 'Second', b: 'Third' } },
    { key: 'three', type: 'field', props: { label: 'Fourth' } },
    { key: 'four', type: 'late', props: {} },
  ]);

  it('gives each island ids of its own, and its first image the page preload at the front', () => {
    const r = renderPageHtml(data, '/', registry);
    document.body.innerHTML = r.html;
    const ids = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)].flatMap((el) =>
      [...el.querySelectorAll('input')].map((input) => [el.getAttribute(ISLAND_ATTR), input.id.split('R_')[0]]),
    );
    expect(ids).toEqual([
      ['one', `_${islandIdPrefix('one')}`],
      ['two', `_${islandIdPrefix('two')}`],
      ['two', `_${islandIdPrefix('two')}`],
      ['three', `_${islandIdPrefix('three')}`],
    ]);
    expect(new Set([...document.querySelectorAll('input')].map((i) => i.id)).size).toBe(4);
    expect(r.html).toMatch(/^<link rel="preload" as="image" href="\/p\.jpg" fetchPriority="high"\/><main/);
    expect(r.html).toContain('<div class="jv-vis" data-jv-island="two" data-jv-start="load"><div><p>');
    expect(r.islands.two).toEqual({
      type: 'pair',
      start: 'load',
      props: { a: 'Second', b: 'Third' },
      firstImage: true,
    });
    expect(r.islands.one?.firstImage).toBeUndefined();
  });

  it('hydrates in the browser with no difference React reports', async () => {
    const r = renderPageHtml(data, '/', registry);
    document.body.innerHTML = r.html;
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
      const key = el.getAttribute(ISLAND_ATTR)!;
      const record = r.islands[key]!;
      const Component = registry[record.type]!.component;
      await act(async () => {
        hydrateRoot(
          el,
          <IslandRoot page={data} record={record} registry={registry}>
            <Component {...record.props} />
          </IslandRoot>,
          { identifierPrefix: islandIdPrefix(key), onRecoverableError: (e) => recoverable.push(e) },
        );
      });
    }
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect([...document.querySelectorAll('img')].map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy']);
  });
});
