/** React binding of the sample cart: the lines, re-rendered on every change in any tab. */
import { useSyncExternalStore } from 'react';
import { sampleCart } from './sample-cart.ts';
import { EMPTY } from './store.ts';
import type { CartItem } from './stored-cart.ts';

/**
 * The cart's lines. The server and the hydrating render see an empty cart (what the prerendered
 * HTML shows); the stored lines follow right after hydration. Change the cart with
 * `sampleCart().add(...)`, `.remove(sku)` and so on.
 */
const serverItems = () => EMPTY;

export function useSampleCart(): readonly CartItem[] {
  const store = sampleCart();
  return useSyncExternalStore(store.subscribe, store.getItems, serverItems);
}
