/**
 * Build-time prop resolvers (Node only, never in the browser bundle): block type -> the
 * `resolveProps` its folder's resolve.ts exports. `joinery build` calls each once per block
 * instance before rendering (engine/prerender/resolve.ts). Keep the list sorted.
 */
import type { BlockResolvers } from '../engine/node.ts';
import { resolveProps as form } from './form/resolve.ts';
import { resolveProps as textMedia } from './text-media/resolve.ts';
import { resolveProps as videoCards } from './video-cards/resolve.ts';

export const blockResolvers: BlockResolvers = {
  form,
  'text-media': textMedia,
  'video-cards': videoCards,
};
