// @vitest-environment happy-dom
/**
 * A deferred block ("load": "visible") keeps its server HTML until its code arrives. When an
 * update reaches its Suspense boundary first, React drops that HTML and shows the fallback: the
 * block must then load at once, not wait for the viewport to reach an element that is gone.
 */
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineBlock } from '../define-block.ts';
import type { BlockNode, BlockRegistry } from '../types.ts';
import { createDeferredResolver, DeferredContext } from './deferred.ts';
import { BlockView } from './page-view.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const text = defineBlock({ type: 'text', component: ({ text }: { text: string }) => <p>{text}</p> });
const node = (props: { text: string }): BlockNode => ({ key: 'footer', type: 'text', props, load: 'visible' });

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

/** Every promise settled so far has run its callbacks (a macrotask later), and React has rendered what they scheduled. */
const settle = () => act(() => new Promise((done) => setImmediate(done)));

describe('a deferred block', () => {
  it('keeps its server HTML while it waits for the viewport', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<BlockView node={node({ text: 'Footer' })} registry={{ text }} dev={false} />);
    document.body.append(container);
    let loads = 0;
    const resolver = createDeferredResolver({ text: async () => (loads++, { default: text }) }, {} as BlockRegistry);
    const first = node({ text: 'Footer' });
    await act(async () => {
      root = hydrateRoot(container, <DeferredContext.Provider value={resolver}><BlockView node={first} registry={{}} dev={false} /></DeferredContext.Provider>);
    });
    await settle();
    // Not loaded (nothing intersects in this DOM), the prerendered text still shown.
    expect(loads).toBe(0);
    expect(container.textContent).toBe('Footer');
  });

  it('loads at once when an update made React drop its server HTML', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<BlockView node={node({ text: 'Footer' })} registry={{ text }} dev={false} />);
    document.body.append(container);
    const resolver = createDeferredResolver({ text: async () => ({ default: text }) }, {} as BlockRegistry);
    const ui = (n: BlockNode) => (
      <DeferredContext.Provider value={resolver}>
        <BlockView node={n} registry={{}} dev={false} />
      </DeferredContext.Provider>
    );
    const first = node({ text: 'Footer' });
    await act(async () => {
      root = hydrateRoot(container, ui(first), { onRecoverableError: () => undefined });
    });
    // New props for the boundary before its code is in: React gives up the server HTML.
    await act(async () => root!.render(ui({ ...first, props: { text: 'Footer, updated' } })));
    await vi.waitFor(async () => {
      await settle();
      expect(container.textContent).toBe('Footer, updated');
    }, 10_000);
  });
});
