/**
 * The checkout's calls to the shop's API and the order it keeps between attempts. The server
 * computes every amount and state; the page only shows what comes back.
 */
import type { OrderTotals } from '../commerce/totals.ts';

export interface ShippingMethodQuote {
  type: string;
  displayName: string;
  description?: string;
  amount: number;
  taxAmount: number;
  amountInclTax: number;
}

export interface Estimate {
  success: boolean;
  shippingMethods: ShippingMethodQuote[];
  /** The chosen method's type (an object in older answers). */
  shippingMethod?: string | ShippingMethodQuote | null;
  totals: OrderTotals;
  taxPercent: number;
  message?: string;
}

export interface PaymentMethodInfo {
  name: string;
  title: string;
  enabled: boolean;
  isDefault?: boolean;
  gateway: string;
  sortOrder?: number;
  /** The gateway takes no real payment (the sandbox). */
  testMode?: boolean;
  metadata?: { methodIcon?: string; iconWidth?: number; iconHeight?: number };
  /** Public values only, as its gateway reads them (a script's URL, a publishable key). */
  config?: Readonly<Record<string, string | undefined>>;
}

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  body: T & { success?: boolean; message?: string; errors?: Record<string, string> };
}

/** JSON in, JSON out; a network failure or a non-JSON body is status 0 with no message. */
export async function callApi<T = Record<string, unknown>>(
  url: string,
  method: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const json = (await res.json().catch(() => ({}))) as ApiResult<T>['body'];
    return { status: res.status, body: json ?? ({} as ApiResult<T>['body']) };
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { status: 0, body: {} as ApiResult<T>['body'] };
  }
}

/** The enabled default method, else the first enabled one (by sortOrder). */
export function defaultPaymentMethod(methods: PaymentMethodInfo[]): PaymentMethodInfo | undefined {
  return methods.find((m) => m.isDefault) ?? methods[0];
}

export function enabledMethods(methods: unknown): PaymentMethodInfo[] {
  if (!Array.isArray(methods)) return [];
  return (methods as PaymentMethodInfo[])
    .filter((m) => m && m.enabled !== false && typeof m.name === 'string')
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
}

/** The order being paid (id and token), kept for the tab so a retry pays the same order. */
const PENDING_ORDER_KEY = 'checkoutOrder';
/** Where the paid order's number waits for the success page (spec: local storage). */
export const ORDER_NUMBER_KEY = 'orderIncrementId';

export interface PendingOrder {
  id: number;
  token: string;
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(PENDING_ORDER_KEY) ?? 'null') as PendingOrder | null;
    return v && typeof v.id === 'number' && typeof v.token === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function storePendingOrder(o: PendingOrder | null) {
  try {
    if (o) sessionStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(o));
    else sessionStorage.removeItem(PENDING_ORDER_KEY);
  } catch {
    /* storage unavailable: the order lives only in memory */
  }
}

/**
 * The cart's checkout key (the order's idempotency key), shared by the browser's tabs: every
 * checkout of this cart names the same order, so a second tab or a repeated submit never makes
 * a second one. Forgotten once the cart's order is placed (paid, or its payment held for review).
 */
const CHECKOUT_KEY = 'checkoutKey';
let keyInMemory: string | undefined;

export function checkoutKey(): string {
  try {
    const stored = localStorage.getItem(CHECKOUT_KEY);
    if (stored) return stored;
    const key = crypto.randomUUID();
    localStorage.setItem(CHECKOUT_KEY, key);
    return key;
  } catch {
    // Storage unavailable: the key lives as long as the page.
    keyInMemory ??= crypto.randomUUID();
    return keyInMemory;
  }
}

/** A new cart's checkout gets a new key (after an order is placed, or the key's order cannot take this cart). */
export function forgetCheckoutKey() {
  keyInMemory = undefined;
  try {
    localStorage.removeItem(CHECKOUT_KEY);
  } catch {
    /* storage unavailable */
  }
}

export function storeOrderNumber(n: string) {
  try {
    localStorage.setItem(ORDER_NUMBER_KEY, n);
  } catch {
    /* ignore */
  }
}

/** The verify page's error, for the failure page of the same tab. */
export const PAYMENT_ERROR_KEY = 'paymentError';
