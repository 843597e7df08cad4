/**
 * The engine for blocks' framework-free islands (`client.ts`): no UI library, nothing a
 * component needs; a client's chunk holds only what it imports from here.
 */
export { sampleCart } from './cart/sample-cart.ts';
export { readConsent } from './tracking/consent.ts';
export { installCtaTracking } from './tracking/cta-clicks.ts';
export { loadTagManager } from './tracking/tag-manager.ts';
export type { IslandClient } from './types.ts';
