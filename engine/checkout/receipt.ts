/**
 * What the order-success page fetches the paid order's summary with, kept for the tab only: the
 * order's id and token (a checkout), or the link that paid a quote. The page shows the summary
 * only when the server's order carries the number the payment stored, so a stale receipt shows
 * nothing.
 */
import type { PendingOrder } from './checkout-client.ts';

export type OrderReceipt = { order: PendingOrder } | { quote: { id: number; token: string } };

const RECEIPT_KEY = 'orderReceipt';

export function storeReceipt(r: OrderReceipt) {
  try {
    sessionStorage.setItem(RECEIPT_KEY, JSON.stringify(r));
  } catch {
    /* storage unavailable: the success page shows the number only */
  }
}

const isRef = (v: unknown): v is { id: number; token: string } =>
  !!v && typeof (v as { id?: unknown }).id === 'number' && typeof (v as { token?: unknown }).token === 'string';

/** The stored receipt, removed from storage. */
export function takeReceipt(): OrderReceipt | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(RECEIPT_KEY) ?? 'null') as Record<string, unknown> | null;
    sessionStorage.removeItem(RECEIPT_KEY);
    if (v && isRef(v.order)) return { order: v.order };
    if (v && isRef(v.quote)) return { quote: v.quote };
    return null;
  } catch {
    return null;
  }
}
