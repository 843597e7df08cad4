/**
 * The engine's public face for blocks (browser-safe). Node-only parts (loading, validation,
 * route table, prerender) are in engine/node.ts.
 */
export { defineBlock } from './define-block.ts';
export { SiteLink, isInternalUrl, type SiteLinkProps } from './render/link.tsx';
export { usePageData, useSite } from './render/context.ts';
export { visibilityClasses, shownOnPlatform, usePlatform, detectPlatform } from './render/visibility.ts';
export type * from './types.ts';
