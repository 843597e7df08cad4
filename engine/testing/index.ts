/** The engine's helpers for tests of blocks (never imported by code that ships): render a block, read its screen, the page's contexts. */
export { renderBlock, testPage, testSite, blockProps, type WrittenProps } from './render-block.tsx';
export { renderBlockScreen, screenOf } from './screen.ts';
export { PageContext } from '../render/context.ts';
export { RegistryContext } from '../render/embedded-block.tsx';
export { collectIslands } from '../render/island.tsx';
export { islandPage } from '../render/islands-data.ts';
export { sampleCart } from '../cart/sample-cart.ts';
export { currentShop, withShop } from '../commerce/shop.ts';
export { canonicalJson } from '../forms/hash.ts';
