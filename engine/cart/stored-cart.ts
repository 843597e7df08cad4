/**
 * The stored form of the sample cart under the shop's storage key (site.json commerce.cart):
 *
 *   { "items": [{ "sku", "name", "qty": 1, "finish": { "type", "value" } }], "expiresAt": 1767225600000 }
 *
 * `expiresAt` is milliseconds since the epoch. Reading never throws: unreadable JSON, another
 * shape, or a missing or passed expiry give an empty cart and a status saying why, so the store
 * can discard the value. Single malformed lines are dropped, repeated skus keep the first line,
 * and a quantity is read as a whole number from 1 to the shop's maximum (else 1, or the maximum).
 */

export interface CartFinish {
  /** Finish group name, e.g. "paint" (the `type` of the style page's `?type=&value=`). */
  type: string;
  /** Finish value, e.g. "pure-white". */
  value: string;
}

/** One line of the sample cart as stored (spec: name, sku, qty and finish). */
export interface CartItem {
  sku: string;
  name: string;
  qty: number;
  finish: CartFinish;
}

export interface StoredCart {
  items: CartItem[];
  expiresAt: number;
}

export type ReadStatus = 'ok' | 'empty' | 'expired' | 'malformed';

export interface ReadResult {
  status: ReadStatus;
  items: CartItem[];
  /** Set when status is "ok". */
  expiresAt?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A stored quantity within 1..max: unreadable is 1, more than the maximum is the maximum. */
const quantity = (v: unknown, max: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 ? Math.min(v, max) : 1;

/** A stored line as a CartItem, or null when it is not one. */
function toCartItem(v: unknown, maxQuantity: number): CartItem | null {
  if (!isObject(v) || !isText(v.sku) || typeof v.name !== 'string' || !isObject(v.finish)) return null;
  const { type, value } = v.finish;
  if (!isText(type) || !isText(value)) return null;
  return { sku: v.sku, name: v.name, qty: quantity(v.qty, maxQuantity), finish: { type, value } };
}

export function readStoredCart(raw: string | null, now: number, maxQuantity: number): ReadResult {
  if (raw === null || raw === '') return { status: 'empty', items: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { status: 'malformed', items: [] };
  }
  if (
    !isObject(value) ||
    !Array.isArray(value.items) ||
    typeof value.expiresAt !== 'number' ||
    !Number.isFinite(value.expiresAt)
  )
    return { status: 'malformed', items: [] };
  if (value.expiresAt <= now) return { status: 'expired', items: [] };
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const line of value.items) {
    const item = toCartItem(line, maxQuantity);
    if (!item || seen.has(item.sku)) continue;
    seen.add(item.sku);
    items.push(item);
  }
  return { status: 'ok', items, expiresAt: value.expiresAt };
}

export const serializeCart = (cart: StoredCart): string =>
  JSON.stringify({ items: cart.items, expiresAt: cart.expiresAt });
