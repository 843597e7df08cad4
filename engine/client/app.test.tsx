// @vitest-environment happy-dom
/**
 * The app hydrates a prerendered page. A query change (a listing's sort, a chosen finish) then
 * renders the block that reads the query, once, and nothing else: re-rendering every block and
 * link of the page made a sort change a long task on a phone, and React dropped the server HTML
 * of the deferred blocks still waiting for their code (the footer went blank, then loaded at
 * once). Links still navigate.
 */
import { act, Profiler } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineBlock } from '../define-block.ts';
import { SiteLink } from '../render/link.tsx';
import { renderPageHtml } from '../render/render-html.tsx';
import { testPage } from '../testing/render-block.tsx';
import type { PageData } from '../types.ts';
import { useQueryParams } from '../ui/use-query-params.ts';
import { App } from './app.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let sorterRenders: string[] = [];
let linkCommits = 0;

const sorter = defineBlock({
  type: 'sorter',
  component: () => {
    const [params, update] = useQueryParams();
    sorterRenders.push(params.toString());
    return (
      <button type="button" onClick={() => update({ sort: 'z-a' })}>
        Sort {params.get('sort') ?? 'none'}
      </button>
    );
  },
});
const links = defineBlock({
  type: 'links',
  component: ({ urls }: { urls: string[] }) => (
    <Profiler id="links" onRender={() => void linkCommits++}>
      <nav>
        {urls.map((u) => (
          <SiteLink key={u} href={u}>
            {u}
          </SiteLink>
        ))}
      </nav>
    </Profiler>
  ),
});

let headingRenders = 0;
const heading = defineBlock({ type: 'heading', component: ({ text }: { text: string }) => (headingRenders++, <h1>{text}</h1>) });
const footer = defineBlock({ type: 'footer-text', component: ({ text }: { text: string }) => <p>{text}</p> });
let footerLoads = 0;
const loaders = { 'footer-text': async () => (footerLoads++, { default: footer }) };
const page: PageData = {
  ...testPage('/list'),
  blockTypes: ['links', 'sorter'],
  regions: [
    { name: 'header', tag: 'header', blocks: [{ key: 'h', type: 'links', props: { urls: ['/list', '/other', '/list?sort=a-z'] } }] },
    { name: 'main', tag: 'main', blocks: [{ key: 't', type: 'heading', props: { text: 'Kitchen cabinets' } }, { key: 'm', type: 'sorter', props: {} }] },
    // Loads when scrolled to: nothing scrolls here.
    { name: 'footer', tag: 'footer', blocks: [{ key: 'f', type: 'footer-text', props: { text: 'Made in Ohio' }, load: 'visible' }] },
  ],
};

let root: Root | undefined;
let container: HTMLElement;
beforeEach(async () => {
  history.replaceState(null, '', '/list');
  sorterRenders = [];
  linkCommits = 0;
  footerLoads = 0;
  // The next page's data never arrives: these tests look at the URL, not at the next page.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  container = document.createElement('div');
  container.innerHTML = renderPageHtml(page, '/list', { sorter, links, heading, 'footer-text': footer }).html;
  document.body.append(container);
  await act(async () => {
    // As the browser starts: the eager blocks' code is in, the deferred one's is not.
    root = hydrateRoot(container, <App initial={page} loaders={loaders} registry={{ sorter, links, heading }} dev={false} />);
  });
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const button = () => container.querySelector('button')!;
const link = (href: string) => container.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)!;
const click = (el: HTMLElement) => act(async () => void el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));

describe('the browser app', () => {
  it('renders only the block that reads the query when the query changes, and that block once', async () => {
    expect(button().textContent).toBe('Sort none');
    sorterRenders = [];
    linkCommits = 0;

    await click(button());

    expect(window.location.search).toBe('?sort=z-a');
    expect(button().textContent).toBe('Sort z-a');
    expect(sorterRenders).toEqual(['sort=z-a']);
    expect(linkCommits).toBe(0);
    // The footer still shows its server HTML and still waits for the viewport.
    await act(() => new Promise((done) => setImmediate(done))); // what the click set going has run
    expect(container.querySelector('footer')!.textContent).toBe('Made in Ohio');
    expect(footerLoads).toBe(0);
  });

  it('applies back and forward between two queries to the block that reads the query', async () => {
    await click(button());
    expect(button().textContent).toBe('Sort z-a');
    await act(async () => {
      const popped = new Promise((done) => window.addEventListener('popstate', done, { once: true }));
      history.back();
      await popped;
    });
    expect(window.location.search).toBe('');
    expect(button().textContent).toBe('Sort none');
    expect(container.querySelector('footer')!.textContent).toBe('Made in Ohio');
  });

  it('still navigates on a link: a new address adds a history entry, the address shown replaces it', async () => {
    const entries = history.length;
    await click(link('/list?sort=a-z'));
    expect(window.location.pathname + window.location.search).toBe('/list?sort=a-z');
    expect(history.length).toBe(entries + 1);

    await click(link('/list?sort=a-z'));
    expect(history.length).toBe(entries + 1);

    headingRenders = 0;
    await click(link('/other'));
    expect(window.location.pathname).toBe('/other');
    expect(history.length).toBe(entries + 2);
    // The next page's data is loading: the progress line shows, the page shown is not rendered again.
    expect(container.querySelector('[role="progressbar"]')!.hasAttribute('hidden')).toBe(false);
    expect(headingRenders).toBe(0);
  });
});
