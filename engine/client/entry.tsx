/** Browser entry: hydrate the prerendered page from the data embedded in its HTML. */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { blockLoaders } from 'virtual:joinery/blocks';
import { loadBlocks, rememberChunks } from '../render/load-blocks.ts';
import { PAGE_DATA_ELEMENT_ID } from '../render/page-data-url.ts';
import type { PageData } from '../types.ts';
import { App } from './app.tsx';
import '../ui/tokens.css';
import './base.css';

const data = JSON.parse(document.getElementById(PAGE_DATA_ELEMENT_ID)!.textContent!) as PageData;
const dev = import.meta.env.DEV;
rememberChunks(data.chunks);
// Only the blocks needed to hydrate; deferred ones (`load: idle | visible`) follow later. The
// page's stylesheets, loaded without blocking the first paint (its own rules are inlined), apply
// before hydration, so states React adds later are styled as soon as they show.
const [registry] = await Promise.all([loadBlocks(blockLoaders, data.eagerBlockTypes ?? data.blockTypes), applyStylesheets()]);
// In a transition, hydration is time-sliced: React yields to the browser every few milliseconds
// instead of one long task for the whole page (a shopper's tap in between is still answered:
// React hydrates the part tapped at once).
startTransition(() => {
  hydrateRoot(document.getElementById('root')!, <App initial={data} loaders={blockLoaders} registry={registry} dev={dev} />);
});

/** Switches the non-blocking stylesheets (media="print", engine/render/document.ts) on; resolves once loaded. */
function applyStylesheets(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-jv-css]')];
  return Promise.all(
    links.map((link) => {
      const loaded = link.sheet ? null : new Promise((done) => (link.addEventListener('load', done, { once: true }), link.addEventListener('error', done, { once: true })));
      link.media = 'all';
      return loaded;
    }),
  );
}
