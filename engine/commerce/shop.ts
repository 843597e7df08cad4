/**
 * The shop's commerce rules, read from site.json (`currency` and the `commerce` section): where it
 * ships, how amounts are shown, the sample cart's storage and limits, the phone rule. The engine
 * holds no shop's values; a second shop changes only its site.json.
 *
 * The shop travels as a value: the server runs each request and its background work inside
 * `withShop(shop, ...)` (server/app.ts), a page renders inside `withShop(page's shop, ...)`
 * (engine/render/render-html.tsx), and code without React or a request of its own (the cart
 * store, the checkout's field rules, formatPrice) reads `currentShop()`. On Node the scope is an
 * AsyncLocalStorage (engine/commerce/shop-scope-node.ts, installed by engine/node.ts and the
 * server render entry): two shops served in one process, even at the same time, never see each
 * other's rules. In the browser the scope is the page: one document, one shop, entered by the
 * islands' runtime (engine/client/entry.tsx) or the editor's preview.
 */
import type { Commerce } from '../../schemas/types/site.ts';

export interface ShopCountry {
  code: string;
  name: string;
  /** Does the shop ship there? (Billing addresses may be anywhere.) */
  shipping: boolean;
  /** Its own postal code rule (site.json), instead of the US ZIP rule (5 digits or ZIP+4): the upper-cased code must match `pattern` (a regular expression's source: page data is JSON). */
  postalCode?: { pattern: string; message: string };
}

export interface ShopRules {
  /** ISO 4217 code and the locale amounts are formatted in. */
  currency: { code: string; locale: string };
  /** The countries the checkout lists, in order; those with `shipping` are where the shop ships. */
  countries: readonly ShopCountry[];
  cart: { storageKey: string; maxQuantity: number; expiryHours: number };
  /** Checkout's phone rule (exactly `digits` digits); `callingCode` goes before such a number in tel: and sms: links. */
  phone: { digits: number; callingCode?: string };
}

export class ShopRulesError extends Error {}

/** The rules of a site.json value; throws ShopRulesError when it has no `commerce` section. */
export function shopRulesOf(site: { currency?: unknown; commerce?: Commerce } | undefined): ShopRules {
  const c = site?.commerce;
  if (!c || typeof site?.currency !== 'string')
    throw new ShopRulesError('site.json needs "currency" and a "commerce" section (schemas/site.schema.json)');
  return {
    currency: { code: site.currency, locale: c.locale },
    countries: c.countries.map((x) => ({
      code: x.code.toUpperCase(),
      name: x.name,
      shipping: x.shipping,
      ...(x.postalCode && {
        postalCode: { pattern: checkedPattern(x.code, x.postalCode.pattern), message: x.postalCode.message },
      }),
    })),
    cart: { ...c.cart },
    phone: { ...c.phone },
  };
}

/** A country's postal code pattern, by its source: compiled once (rules.ts reads it per keystroke). */
const patterns = new Map<string, RegExp>();
export function postalCodePattern(source: string): RegExp {
  let p = patterns.get(source);
  if (!p) {
    p = new RegExp(source, 'u');
    patterns.set(source, p);
  }
  return p;
}

/** The schema checks the pattern (format regex) for the linter; a shop loaded unlinted fails here, naming the country. */
function checkedPattern(country: string, source: string): string {
  try {
    postalCodePattern(source);
    return source;
  } catch {
    throw new ShopRulesError(
      `site.json commerce.countries ${country}: postalCode.pattern is not a regular expression: ${source}`,
    );
  }
}

/** A country's own postal code rule, or undefined when it follows the US ZIP rule. */
export const ownPostalCode = (shop: ShopRules, code: string): ShopCountry['postalCode'] =>
  shop.countries.find((c) => c.code === code.toUpperCase())?.postalCode;

/** Does the shop ship to this country code? */
export const shipsTo = (shop: ShopRules, code: string): boolean =>
  shop.countries.some((c) => c.shipping && c.code === code.toUpperCase());

/** The cart's lifetime after its last change. */
export const cartTtlMs = (cart: ShopRules['cart']): number => cart.expiryHours * 60 * 60 * 1000;

/** Where currentShop() finds the shop of the running code (see the file's header). */
export interface ShopScope {
  current(): ShopRules | undefined;
  run<T>(shop: ShopRules, fn: () => T): T;
}

/** The browser's scope: the page, one shop for the document's life. */
function pageScope(): ShopScope {
  let page: ShopRules | undefined;
  return {
    current: () => page,
    run(shop, fn) {
      page = shop;
      return fn();
    },
  };
}

let scope: ShopScope = pageScope();

/** Installs the scope of this runtime (engine/commerce/shop-scope-node.ts on Node). */
export function installShopScope(s: ShopScope): void {
  scope = s;
}

/** Runs `fn` (and, on Node, the async work it starts) serving `shop`. */
export const withShop = <T>(shop: ShopRules, fn: () => T): T => scope.run(shop, fn);

/** The rules of the shop the running code serves; throws when it runs outside any (a page without site.json's `commerce`). */
export function currentShop(): ShopRules {
  const shop = scope.current();
  if (!shop)
    throw new ShopRulesError('No shop rules here: site.json needs a "commerce" section, and the caller withShop()');
  return shop;
}
