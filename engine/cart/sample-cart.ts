/** The tab's one sample cart store, over window.localStorage (and an inert one on the server). */
import { createCartStore, memoryStorage, type CartStorage, type CartStore } from './store.ts';

let browserStore: CartStore | undefined;

/** window.localStorage, or page-lifetime memory when the browser refuses it (privacy modes). */
function localStorageOrMemory(): CartStorage {
  try {
    const s = window.localStorage;
    const probe = '__joinery_probe__';
    s.setItem(probe, probe);
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStorage();
  }
}

/**
 * The sample cart of this tab. In the browser every call returns the same store (so every block
 * sees the same cart); during server rendering a new empty store, so nothing leaks between
 * requests and the prerendered HTML shows an empty cart.
 */
export function sampleCart(): CartStore {
  if (typeof window === 'undefined') return createCartStore({ storage: memoryStorage(), events: null });
  browserStore ??= createCartStore({ storage: localStorageOrMemory(), events: window });
  return browserStore;
}
