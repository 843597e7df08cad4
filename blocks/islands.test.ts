/**
 * Which blocks run in the browser (islands) and when each starts; every other block is static,
 * HTML and CSS only. A block joins this list only for behaviour HTML and CSS cannot give.
 */
import { describe, expect, it } from 'vitest';
import { blockLoaders } from './index.ts';

const ISLANDS: Record<string, string> = {
  // The page's purpose, on the first screen: at once.
  'blog-list': 'load',
  'blog-search': 'load',
  'cart-page': 'load',
  checkout: 'load',
  'finish-swatches': 'load',
  listing: 'load',
  'newsletter-confirm': 'load',
  'order-success': 'load',
  'payment-fail': 'load',
  'payment-verify': 'load',
  'quote-payment': 'load',
  'sample-list': 'load',
  'search-page': 'load',
  // Near the viewport.
  banner: 'visible',
  'card-slider': 'visible',
  'embed-script': 'visible',
  'filter-tabs-view': 'visible',
  form: 'visible',
  'scheduling-widget': 'visible',
  // When the browser is idle.
  'scroll-to-top': 'idle',
  // At the shopper's first pointer, focus or key on it (a click before its code is made again).
  'advice-chat': 'interaction',
  'download-catalog': 'interaction',
  'image-cards': 'interaction',
  'not-found': 'interaction',
  // At load: its main photo follows a finish picked in the swatches, before any touch of its own.
  'style-gallery': 'load',
  'text-media': 'interaction',
  unsubscribe: 'interaction',
  'video-cards': 'interaction',
};
// The header and its parts are another owner's.
const ELSEWHERE = new Set(['site-header', 'search-popup', 'cookie-banner', 'cart-link']);

describe('islands', () => {
  it('every block says whether it is an island, and when it starts', async () => {
    const starts: Record<string, string> = {};
    for (const [type, load] of Object.entries(blockLoaders)) {
      if (ELSEWHERE.has(type)) continue;
      const { island } = (await load()).default;
      if (island) starts[type] = island;
    }
    expect(starts).toEqual(ISLANDS);
  });
});
