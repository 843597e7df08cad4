/**
 * The engine's public face for blocks (browser-safe). Node-only parts (loading, validation,
 * route table, prerender) are in engine/node.ts.
 */
export { defineBlock } from './define-block.ts';
export { SiteLink } from './render/link.tsx';
export { EmbeddedBlock } from './render/embedded-block.tsx';
export { Island, useInIsland } from './render/island.tsx';
export { MAIN_ID } from './render/main-region.ts';
export { whenIdle } from './client/idle.ts';
export { Later } from './render/later.tsx';
export { usePageData, usePageRegions, useSite } from './render/context.ts';
export { useRouteParam } from './render/route-param.ts';
export { usePagePath } from './render/page-path.ts';
export { visibilityClasses } from './render/visibility.ts';
export * from './blog/index.ts';
export * from './cart/index.ts';
export * from './commerce/index.ts';
export * from './checkout/index.ts';
export { selectedFinish, type FinishRef } from './catalog/finishes.ts';
export * from './reviews/index.ts';
export * from './search/browser.ts';
export * from './text/index.ts';
export * from './tracking/index.ts';
export type * from './types.ts';
export * from './ui/index.ts';
export { issuesToErrors } from './validate/issues.ts';
