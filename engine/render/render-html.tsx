/**
 * Server-side rendering of one page to HTML. React's renderToString has no error boundaries,
 * so a page that throws is rendered again block by block to find the culprits; those blocks are
 * left out (and reported) and the rest of the page renders.
 */
import { renderToString } from 'react-dom/server';
import { withShop } from '../commerce/shop.ts';
import type { BlockRegistry, PageData } from '../types.ts';
import { collectEmbedded } from './embedded-block.tsx';
import { collectIslands, type IslandRecord } from './island.tsx';
import { IslandHtmlContext, type IslandHtmlRenderer } from './island-html.ts';
import { Shell } from './shell.tsx';

export interface RenderResult {
  html: string;
  /** The page data without the blocks that failed. */
  data: PageData;
  failed: { key: string; type: string; message: string }[];
  /** Block types rendered by other blocks (EmbeddedBlock): their styles belong to the page too. */
  embeddedTypes: string[];
  /** The page's islands by wrapper id: what the browser hydrates, with which props. */
  islands: Record<string, IslandRecord>;
}

// What React hoists to the front of a render: the preload of a high-priority image, and the like.
const HOISTED = /^(?:<(?:link|meta) [^>]*\/>)+/;

/** Renders one page serving its shop: modules without React (cart store, field rules, formatPrice) read its rules. */
function render(data: PageData, registry: BlockRegistry, dev: boolean, skip?: Set<string>) {
  const shop = data.site.commerce;
  return shop ? withShop(shop, () => renderPage(data, registry, dev, skip)) : renderPage(data, registry, dev, skip);
}

/**
 * Renders one page; an island's hoisted tags (render/island-html.ts) go to the front of the
 * page's HTML, as the page's own, not inside the island (whose first element the runtime watches).
 */
function renderPage(data: PageData, registry: BlockRegistry, dev: boolean, skip?: Set<string>) {
  const hoisted = new Set<string>();
  const renderIsland: IslandHtmlRenderer = (tree, identifierPrefix) => {
    const html = renderToString(tree, { identifierPrefix });
    const front = HOISTED.exec(html)?.[0] ?? '';
    for (const tag of front.match(/<[^>]*>/g) ?? []) hoisted.add(tag);
    return html.slice(front.length);
  };
  const { result, types } = collectEmbedded(() =>
    collectIslands(() =>
      renderToString(
        <IslandHtmlContext.Provider value={renderIsland}>
          <Shell data={data} registry={registry} dev={dev} skip={skip} />
        </IslandHtmlContext.Provider>,
      ),
    ),
  );
  const page = result.result;
  const own = HOISTED.exec(page)?.[0] ?? '';
  const extra = [...hoisted].filter((tag) => !own.includes(tag)).join('');
  return { html: own + extra + page.slice(own.length), islands: result.islands, embeddedTypes: types };
}

export function renderPageHtml(data: PageData, _url: string, registry: BlockRegistry, dev = false): RenderResult {
  try {
    return { ...render(data, registry, dev), data, failed: [] };
  } catch {
    const failed: RenderResult['failed'] = [];
    for (const region of data.regions)
      for (const block of region.blocks) {
        const only: PageData = { ...data, regions: [{ ...region, blocks: [block] }] };
        try {
          render(only, registry, dev);
        } catch (e) {
          failed.push({ key: block.key, type: block.type, message: (e as Error).message });
        }
      }
    const skip = new Set(failed.map((f) => f.key));
    const kept: PageData = {
      ...data,
      regions: data.regions.map((r) => ({ ...r, blocks: r.blocks.filter((b) => !skip.has(b.key)) })),
    };
    return { ...render(kept, registry, dev, skip), data: kept, failed };
  }
}
