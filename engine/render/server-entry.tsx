/** SSR entry (built by Vite for Node): loads every block and renders pages to HTML. */
import { blockLoaders } from 'virtual:joinery/blocks';
import '../commerce/shop-scope-node.ts';
import { loadBlocks } from './load-blocks.ts';

export { renderPageHtml } from './render-html.tsx';
export { renderDocument } from './document.ts';

export const loadAllBlocks = () => loadBlocks(blockLoaders, Object.keys(blockLoaders));
/** The code of the given block types only (`joinery dev` loads a page's blocks, not all of them). */
export const loadBlocksOf = (types: readonly string[]) => loadBlocks(blockLoaders, types);
