/**
 * The stored form of the sample cart under `selectedSamples`:
 *
 *   { "items": [{ "sku", "name", "qty": 1, "finish": { "type", "value" } }], "expiresAt": 1767225600000 }
 *
 * `expiresAt` is milliseconds since the epoch. Reading never throws: unreadable JSON, another
 * shape, or a missing or passed expiry give an empty cart and a status saying why, so the store
 * can discard the value. Single malformed lines are dropped, repeated skus keep the first line,
 * and every quantity is read as 1 (the only quantity there is).
 */
import { SAMPLE_QTY } from './constants.ts';

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

/** A stored line as a CartItem, or null when it is not one. */
export function toCartItem(v: unknown): CartItem | null {
  if (!isObject(v) || !isText(v.sku) || typeof v.name !== 'string' || !isObject(v.finish)) return null;
  const { type, value } = v.finish;
  if (!isText(type) || !isText(value)) return null;
  return { sku: v.sku, name: v.name, qty: SAMPLE_QTY, finish: { type, value } };
}

export function readStoredCart(raw: string | null, now: number): ReadResult {
  if (raw === null || raw === '') return { status: 'empty', items: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { status: 'malformed', items: [] };
  }
  if (!isObject(value) || !Array.isArray(value.items) || typeof value.expiresAt !== 'number' || !Number.isFinite(value.expiresAt))
    return { status: 'malformed', items: [] };
  if (value.expiresAt <= now) return { status: 'expired', items: [] };
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const line of value.items) {
    const item = toCartItem(line);
    if (!item || seen.has(item.sku)) continue;
    seen.add(item.sku);
    items.push(item);
  }
  return { status: 'ok', items, expiresAt: value.expiresAt };
}

export const serializeCart = (cart: StoredCart): string => JSON.stringify({ items: cart.items, expiresAt: cart.expiresAt });
