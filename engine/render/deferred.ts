/**
 * Blocks with `load: "idle" | "visible"`: prerendered like any other, but their code is not
 * fetched before hydration. In the browser each such block is a React.lazy component inside a
 * Suspense boundary, so React keeps the server HTML as it is until the code arrives (idle time,
 * or the block nearing the viewport), then hydrates it. The home page's first load stays small.
 */
import { createContext, lazy, useEffect, useState, type ComponentType } from 'react';
import type { BlockLoaders, BlockNode, BlockRegistry } from '../types.ts';
import { loadBlock } from './load-blocks.ts';

/** Gives the browser-side component of a deferred block; absent on the server. */
export type DeferredResolver = (node: BlockNode) => ComponentType<Record<string, unknown>>;
export const DeferredContext = createContext<DeferredResolver | null>(null);

export const deferAttr = 'data-jv-defer';
/** On a deferred block's wrapper while its code waits for the viewport (the block is off screen). */
const dormantAttr = 'data-jv-dormant';
const wrapperOf = (key: string) => document.querySelector(`[${deferAttr}="${CSS.escape(key)}"]`);

/**
 * Renders nothing. Placed after a tree's content, it sets `data-jv-live` on the deferred block's
 * wrapper (`blockKey`) or on <html> (the page) once that content has hydrated and the updates its
 * mount effects made are committed (its own update comes in the same render as theirs). The
 * end-to-end tests wait for these marks before they act or compare.
 */
export function Live({ blockKey }: { blockKey?: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!mounted) return setMounted(true);
    (blockKey ? wrapperOf(blockKey) : document.documentElement)?.setAttribute('data-jv-live', '');
  }, [mounted, blockKey]);
  return null;
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const ric = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
    // Each block in a task of its own: the browser runs every idle callback due in one task, and
    // what waited on it (a block's load starting, its code's first steps) would run there too.
    if (ric) ric(() => setTimeout(resolve), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/** Resolves when the block's first element nears the viewport or takes focus or a touch. */
function whenVisible(key: string): Promise<void> {
  const wrapper = wrapperOf(key);
  const target = wrapper?.firstElementChild;
  if (!wrapper || !target || typeof IntersectionObserver === 'undefined') return whenIdle();
  return new Promise((resolve) => {
    const done = () => {
      io.disconnect();
      wrapper.removeEventListener('focusin', done);
      wrapper.removeEventListener('pointerdown', done);
      resolve();
    };
    const io = new IntersectionObserver((entries) => (entries.some((e) => e.isIntersecting) ? done() : waiting.has(key) && wrapper.setAttribute(dormantAttr, '')), {
      rootMargin: '300px',
    });
    io.observe(target);
    wrapper.addEventListener('focusin', done);
    wrapper.addEventListener('pointerdown', done);
  });
}

/** Loads of deferred blocks waiting for idle time or the viewport, by block key: `loadNow` ends the wait. */
const waiting = new Map<string, () => void>();

/**
 * The Suspense fallback of a deferred block. React shows it only when it gives up the server HTML
 * (an update reached the boundary before the block's code arrived): the element the viewport
 * wait watched is gone then, so the code is fetched at once instead of never.
 */
export function LoadNow({ blockKey }: { blockKey: string }) {
  useEffect(() => waiting.get(blockKey)?.(), [blockKey]);
  return null;
}

export function createDeferredResolver(loaders: BlockLoaders, registry: BlockRegistry): DeferredResolver {
  // One lazy component per block instance, kept for its lifetime: switching to the plain
  // component later would remount the block and lose its state.
  const cache = new WeakMap<BlockNode, ComponentType<Record<string, unknown>>>();
  return (node) => {
    let c = cache.get(node);
    if (!c) {
      const loaded = registry[node.type];
      c = loaded
        ? (loaded.component as ComponentType<Record<string, unknown>>)
        : lazy(async () => {
            const now = new Promise<void>((resolve) => waiting.set(node.key, resolve));
            await Promise.race([now, node.load === 'visible' ? whenVisible(node.key) : whenIdle()]);
            waiting.delete(node.key);
            wrapperOf(node.key)?.removeAttribute(dormantAttr);
            const def = (await loadBlock(loaders, node.type)).default;
            registry[node.type] = def;
            return { default: def.component as ComponentType<Record<string, unknown>> };
          });
      cache.set(node, c);
    }
    return c;
  };
}
