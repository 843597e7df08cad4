/**
 * The placed order's summary, read from the server's stored order (never from the browser's
 * figures): a checkout's order through GET /api/order/:id with its token, a paid quote through
 * its link (GET /api/quote). Undefined when the receipt fetches nothing, or an order other than
 * the one whose number the payment stored.
 */
import { callApi, type OrderReceipt, type QuoteView } from '../../engine/index.ts';

export interface SummaryLine {
  name: string;
  /** The finish of a sample, the notes of a quote line. */
  detail: string;
  qty: number;
  rowTotal: number;
}

export interface OrderSummary {
  /** Set for a paid quote: its number. */
  quoteNumber?: string;
  /** The order is placed but its payment is held for review (or pending at the gateway). */
  awaitingPayment: boolean;
  lines: SummaryLine[];
  subtotal: number;
  discount: number;
  shippingLabel: string;
  shipping: number;
  tax: number;
  total: number;
}

interface StoredOrder {
  orderIncrementId: string;
  status: string;
  items: { name: string; qty: number; rowTotal: number; customOptions?: { finish?: { label?: string } } }[];
  subtotal: number;
  shippingLabel: string;
  shippingAmount: number;
  taxAmount: number;
  total: number;
}

/** The finish a sample's name does not already say ("Carlton sample door, Pure White" does). */
function finishOf(name: string, label: string | undefined): string {
  if (!label || name.toLowerCase().includes(label.toLowerCase())) return '';
  return label;
}

const ofOrder = (o: StoredOrder): OrderSummary => ({
  // Placed orders only reach this page: one not ordered waits for its payment.
  awaitingPayment: o.status !== 'ordered',
  lines: o.items.map((i) => ({
    name: i.name,
    detail: finishOf(i.name, i.customOptions?.finish?.label),
    qty: i.qty,
    rowTotal: i.rowTotal,
  })),
  subtotal: o.subtotal,
  discount: 0,
  shippingLabel: o.shippingLabel,
  shipping: o.shippingAmount,
  tax: o.taxAmount,
  total: o.total,
});

const ofQuote = (q: QuoteView): OrderSummary => ({
  quoteNumber: q.quoteIncrementId,
  awaitingPayment: false,
  lines: q.items.map((i) => ({ name: i.name, detail: i.notes ?? '', qty: i.qty, rowTotal: i.rowTotal })),
  subtotal: q.subtotal,
  discount: q.discountAmount,
  shippingLabel: q.shippingLabel,
  shipping: q.shippingAmount,
  tax: q.taxAmount,
  total: q.total,
});

async function fetchOrder(id: number, token: string, signal: AbortSignal): Promise<StoredOrder | undefined> {
  try {
    const res = await fetch(`/api/order/${id}`, {
      headers: { accept: 'application/json', 'x-order-token': token },
      signal,
    });
    if (!res.ok) return undefined;
    return ((await res.json()) as { order?: StoredOrder }).order;
  } catch {
    return undefined;
  }
}

export async function fetchSummary(
  receipt: OrderReceipt,
  orderNumber: string,
  signal: AbortSignal,
): Promise<OrderSummary | undefined> {
  if ('order' in receipt) {
    const o = await fetchOrder(receipt.order.id, receipt.order.token, signal);
    return o?.orderIncrementId === orderNumber ? ofOrder(o) : undefined;
  }
  const query = new URLSearchParams({ quoteId: String(receipt.quote.id), token: receipt.quote.token });
  const r = await callApi<{ quote?: QuoteView }>(`/api/quote?${query}`, 'GET', undefined, signal).catch(
    () => undefined,
  );
  const q = r?.status === 200 ? r.body.quote : undefined;
  return q && q.status === 'paid' && q.orderIncrementId === orderNumber ? ofQuote(q) : undefined;
}
