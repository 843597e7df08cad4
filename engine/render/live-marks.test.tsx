// @vitest-environment happy-dom
/**
 * The marks the end-to-end tests wait for: `data-jv-live` on <html> once the page has hydrated,
 * on a deferred block's wrapper once its code has hydrated it, each only after the updates the
 * mount effects made are committed (a block that reads a cookie on mount and hides itself is
 * marked once hidden); `data-jv-dormant` on the wrapper of a block waiting for the viewport.
 */
import { act, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../client/app.tsx';
import { defineBlock } from '../define-block.ts';
import { testPage } from '../testing/render-block.tsx';
import type { BlockRegistry, PageData } from '../types.ts';
import { renderPageHtml } from './render-html.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Changes its text in a mount effect, as blocks that read the browser's state do. */
const greeter = defineBlock({
  type: 'greeter',
  component: ({ name }: { name: string }) => {
    const [who, setWho] = useState('guest');
    useEffect(() => setWho(name), [name]);
    return <p>Hello, {who}</p>;
  },
});
/** Shown as prerendered, gone once its mount effect has run (a stored cookie choice). */
const notice = defineBlock({
  type: 'notice',
  component: () => {
    const [chosen, setChosen] = useState(false);
    useEffect(() => setChosen(true), []);
    return chosen ? null : <aside>We value your privacy</aside>;
  },
});
const footer = defineBlock({ type: 'footer-text', component: ({ text }: { text: string }) => <p>{text}</p> });
const all: BlockRegistry = { greeter, notice, 'footer-text': footer };

/** Observers the test answers itself: `see(true)` puts every observed element in view. */
let observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
class FakeIntersectionObserver {
  constructor(private readonly cb: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    observers.push(this.cb);
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.cb);
  }
}
const see = (visible: boolean) => act(async () => observers.forEach((o) => o([{ isIntersecting: visible }])));

let n = 0;
let root: Root | undefined;
let container: HTMLElement;
/** Per test: what the wrapper (or the page) held when its mark first came. */
let atMark: Map<string, string>;

async function start(): Promise<{ noticeKey: string; footerKey: string }> {
  n++;
  const keys = { noticeKey: `notice-${n}`, footerKey: `footer-${n}` };
  const page: PageData = {
    ...testPage('/'),
    blockTypes: ['greeter'],
    regions: [
      { name: 'main', tag: 'main', blocks: [{ key: `g-${n}`, type: 'greeter', props: { name: 'Ada' } }] },
      { name: 'footer', tag: 'footer', blocks: [{ key: keys.footerKey, type: 'footer-text', props: { text: 'Made in Ohio' }, load: 'visible' }] },
      { name: 'overlay', tag: 'div', blocks: [{ key: keys.noticeKey, type: 'notice', props: {}, load: 'idle' }] },
    ],
  };
  container = document.createElement('div');
  container.innerHTML = renderPageHtml(page, '/', all).html;
  document.body.append(container);
  // What the marked element holds at the very moment of its mark (an observer would read it later).
  const setAttribute = Element.prototype.setAttribute;
  vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (this: Element, name: string, value: string) {
    const key = this === document.documentElement ? 'page' : this.getAttribute('data-jv-defer')!;
    if (name === 'data-jv-live' && !atMark.has(key)) atMark.set(key, (this === document.documentElement ? container : this).textContent ?? '');
    return setAttribute.call(this, name, value);
  });
  const loaders = { 'footer-text': async () => ({ default: footer }), notice: async () => ({ default: notice }) };
  await act(async () => {
    root = hydrateRoot(container, <App initial={page} loaders={loaders} registry={{ greeter }} dev={false} />);
  });
  return keys;
}

const wrapper = (key: string) => container.querySelector(`[data-jv-defer="${key}"]`)!;
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await act(() => new Promise((done) => setTimeout(done, 20)));
  expect(check()).toBe(true);
}

beforeEach(() => {
  atMark = new Map();
  observers = [];
  history.replaceState(null, '', '/');
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  document.documentElement.removeAttribute('data-jv-live');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the marks of a live page', () => {
  it('marks <html> once the page has hydrated and the updates of its mount effects are committed', async () => {
    expect(document.documentElement.hasAttribute('data-jv-live')).toBe(false);
    await start();
    await until(() => document.documentElement.hasAttribute('data-jv-live'));
    expect(atMark.get('page')).toContain('Hello, Ada');
    expect(atMark.get('page')).not.toContain('guest');
  });

  it('marks an idle block’s wrapper once its code has hydrated it and its mount effect’s update is committed', async () => {
    const { noticeKey } = await start();
    expect(wrapper(noticeKey).textContent).toBe('We value your privacy'); // prerendered, its code not in yet
    await until(() => wrapper(noticeKey).hasAttribute('data-jv-live'));
    expect(atMark.get(noticeKey)).toBe(''); // hidden by then, not shown as prerendered
    expect(wrapper(noticeKey).hasAttribute('data-jv-dormant')).toBe(false);
  });

  it('marks a block waiting for the viewport dormant, then live once it was seen and hydrated', async () => {
    const { footerKey } = await start();
    await until(() => observers.length > 0);
    await see(false);
    expect(wrapper(footerKey).hasAttribute('data-jv-dormant')).toBe(true);
    expect(wrapper(footerKey).hasAttribute('data-jv-live')).toBe(false);
    await see(true);
    await until(() => wrapper(footerKey).hasAttribute('data-jv-live'));
    expect(wrapper(footerKey).hasAttribute('data-jv-dormant')).toBe(false);
    expect(atMark.get(footerKey)).toBe('Made in Ohio');
  });
});
