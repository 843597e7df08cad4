/** Browser entry: hydrate the prerendered page from the data embedded in its HTML. */
import { hydrateRoot } from 'react-dom/client';
import { blockLoaders } from 'virtual:joinery/blocks';
import { loadBlocks } from '../render/load-blocks.ts';
import { PAGE_DATA_ELEMENT_ID } from '../render/page-data-url.ts';
import type { PageData } from '../types.ts';
import { App } from './app.tsx';
import '../ui/tokens.css';
import './base.css';

const data = JSON.parse(document.getElementById(PAGE_DATA_ELEMENT_ID)!.textContent!) as PageData;
const dev = import.meta.env.DEV;
// Only the blocks needed to hydrate; deferred ones (`load: idle | visible`) follow later.
const registry = await loadBlocks(blockLoaders, data.eagerBlockTypes ?? data.blockTypes);
hydrateRoot(document.getElementById('root')!, <App initial={data} loaders={blockLoaders} registry={registry} dev={dev} />);
