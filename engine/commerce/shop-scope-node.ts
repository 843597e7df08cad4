/**
 * The shop scope on Node: an AsyncLocalStorage, so a request, a render and the work they start
 * see the shop they were entered with, and two shops served in one process never mix. Importing
 * this file installs it (engine/node.ts and the server render entry do).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { installShopScope, type ShopRules, type ShopScope } from './shop.ts';

/** A scope of async contexts; `fallback` answers outside any (the unit tests' shipped shop). */
export function asyncShopScope(fallback?: ShopRules): ShopScope {
  const store = new AsyncLocalStorage<ShopRules>();
  return { current: () => store.getStore() ?? fallback, run: (shop, fn) => store.run(shop, fn) };
}

installShopScope(asyncShopScope());
