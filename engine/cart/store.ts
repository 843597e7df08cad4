/**
 * The sample cart store: framework-free, one per tab (see sampleCart()), over local storage.
 *
 * - Reads are cached by the stored string, so `getItems()` returns the same array until the
 *   cart changes (what React's useSyncExternalStore needs) and reflects writes made by other
 *   tabs or other code at once.
 * - Expired or malformed stored values are removed on read, without an error.
 * - Every write stores the lines with `expiresAt` = now + the shop's expiry (site.json
 *   commerce.cart.expiryHours; it runs from the last change) and signals it: the
 *   `joinery:samples-changed` event on this window, and the browser's own `storage` event in
 *   every other tab. Subscribers are called on both.
 * - Adding a sku that is present with the same finish adds one to its quantity ("... updated.")
 *   up to the shop's maximum, then changes nothing and answers the maximum-quantity
 *   message (with a maximum of 1, at once). Adding a sku that is present with another finish (a
 *   line stored before the catalogue changed) replaces that line with quantity 1: "... updated.".
 */
import { cartTtlMs, currentShop, type ShopRules } from '../commerce/shop.ts';
import { addedMessage, maxQuantityMessage, SAMPLES_CHANGED_EVENT, updatedMessage } from './constants.ts';
import { readStoredCart, serializeCart, type CartFinish, type CartItem } from './stored-cart.ts';

/** The part of the Web Storage API the store uses (window.localStorage in the browser). */
export interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CartStoreOptions {
  storage: CartStorage;
  /** Where change events are sent and heard (the window); null: subscribers are called directly. */
  events: EventTarget | null;
  now?: () => number;
  /** Storage key, quantity limit and expiry; the current shop's (site.json commerce.cart) when absent. */
  rules?: ShopRules['cart'];
}

/** What a caller adds: a sample's sku, its display name and its finish. */
export interface NewCartItem {
  sku: string;
  name: string;
  finish: CartFinish;
}

export type AddStatus = 'added' | 'updated' | 'max-quantity';

export interface AddResult {
  status: AddStatus;
  sku: string;
  /** The message to show, word for word as the shop shows it. */
  message: string;
}

export interface CartStore {
  /** The lines, oldest first; the same array until the cart changes. Never throws. */
  getItems(): readonly CartItem[];
  has(sku: string): boolean;
  /** Calls `listener` after every change, made here, elsewhere in this tab or in another tab. */
  subscribe(listener: () => void): () => void;
  add(item: NewCartItem): AddResult;
  /** Adds several lines with one write and one signal; one result per item, in order. */
  addMany(items: readonly NewCartItem[]): AddResult[];
  /** Removes the line with this sku; false when there was none. */
  remove(sku: string): boolean;
  /** Empties the cart (e.g. after an order is placed). */
  clear(): void;
  /** Keeps the lines `keep` accepts and returns the ones it dropped (e.g. skus gone from the catalogue). */
  retain(keep: (item: CartItem) => boolean): CartItem[];
}

/** The lines of an empty cart: one array, so an empty cart read in the browser equals the server's. */
export const EMPTY: readonly CartItem[] = Object.freeze([]);

/** A storage that lives as long as the page: for the server and for browsers that refuse local storage. */
export function memoryStorage(): CartStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/** One new line merged into `items` in place: added, one more of the same finish, or the finish replaced. */
function addLine(items: CartItem[], a: NewCartItem, max: number): AddResult {
  const at = items.findIndex((i) => i.sku === a.sku);
  const line: CartItem = { sku: a.sku, name: a.name, qty: 1, finish: { type: a.finish.type, value: a.finish.value } };
  if (at === -1) {
    items.push(line);
    return { status: 'added', sku: a.sku, message: addedMessage(a.name) };
  }
  const old = items[at]!;
  if (old.finish.type === a.finish.type && old.finish.value === a.finish.value) {
    if (old.qty >= max) return { status: 'max-quantity', sku: a.sku, message: maxQuantityMessage(a.name, max) };
    items[at] = { ...old, qty: old.qty + 1 };
    return { status: 'updated', sku: a.sku, message: updatedMessage(a.name) };
  }
  items[at] = line;
  return { status: 'updated', sku: a.sku, message: updatedMessage(a.name) };
}

/**
 * The events that may change what the cart shows: our own signal, another tab's storage, and a
 * page shown again from the back/forward cache or a prerendered one the shopper opens.
 */
function watch(
  events: EventTarget,
  onChanged: () => void,
  onStorage: (e: Event) => void,
  how: 'addEventListener' | 'removeEventListener',
) {
  events[how](SAMPLES_CHANGED_EVENT, onChanged);
  events[how]('storage', onStorage);
  events[how]('pageshow', onChanged);
  if (typeof document !== 'undefined') document[how]('prerenderingchange', onChanged);
}

export function createCartStore(opts: CartStoreOptions): CartStore {
  const { storage, events } = opts;
  const rules = opts.rules ?? currentShop().cart;
  const key = rules.storageKey;
  const max = rules.maxQuantity;
  const ttl = cartTtlMs(rules);
  const now = opts.now ?? Date.now;
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; items: readonly CartItem[]; expiresAt: number } = {
    raw: null,
    items: EMPTY,
    expiresAt: Infinity,
  };

  const rawValue = (): string | null => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const discard = () => {
    try {
      storage.removeItem(key);
    } catch {
      // storage refused: nothing to discard
    }
  };

  function getItems(): readonly CartItem[] {
    const raw = rawValue();
    const t = now();
    if (raw === cache.raw && cache.expiresAt > t) return cache.items;
    const read = readStoredCart(raw, t, max);
    if (read.status === 'expired' || read.status === 'malformed') {
      discard();
      cache = { raw: null, items: EMPTY, expiresAt: Infinity };
    } else if (read.status === 'empty' || read.items.length === 0) {
      cache = { raw, items: EMPTY, expiresAt: read.expiresAt ?? Infinity };
    } else {
      cache = { raw, items: Object.freeze(read.items), expiresAt: read.expiresAt! };
    }
    return cache.items;
  }

  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const onChanged = () => notify();
  const onStorage = (e: Event) => {
    const k = (e as StorageEvent).key;
    if (k === null || k === undefined || k === key) notify();
  };

  function write(items: CartItem[]) {
    try {
      if (items.length) storage.setItem(key, serializeCart({ items, expiresAt: now() + ttl }));
      else storage.removeItem(key);
    } catch {
      // Quota or privacy mode: the cart stays as it was; callers read it back through getItems().
    }
    if (events) events.dispatchEvent(new Event(SAMPLES_CHANGED_EVENT));
    else notify();
  }

  function addMany(adds: readonly NewCartItem[]): AddResult[] {
    const items = [...getItems()];
    const results = adds.map((a) => addLine(items, a, max));
    if (results.some((r) => r.status !== 'max-quantity')) write(items);
    return results;
  }

  function retain(keep: (item: CartItem) => boolean): CartItem[] {
    const items = getItems();
    const dropped = items.filter((i) => !keep(i));
    if (dropped.length) write(items.filter((i) => keep(i)));
    return dropped;
  }

  return {
    getItems,
    has: (sku) => getItems().some((i) => i.sku === sku),
    subscribe(listener) {
      if (listeners.size === 0 && events) watch(events, onChanged, onStorage, 'addEventListener');
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && events) watch(events, onChanged, onStorage, 'removeEventListener');
      };
    },
    add: (item) => addMany([item])[0]!,
    addMany,
    remove: (sku) => retain((i) => i.sku !== sku).length > 0,
    clear: () => write([]),
    retain,
  };
}
