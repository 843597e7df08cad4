/** Fixtures for checkout tests (never imported by production code). */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

export const JANE = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phoneNumber: '(614) 555-0143',
  street1: '2150 Westbelt Drive',
  street2: 'Suite 4',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43228',
  countryId: 'US',
};

/** A free sample door and a $9.95 quartz chip from the shipped catalogue. */
export const DOOR = { sku: 'CARLTON-SD-PW', finish: { type: 'paint', value: 'pure-white' } };
export const CHIP = { sku: 'QZ-CG-CH-POL', finish: { type: 'surface', value: 'polished' } };

export const CARDS = {
  approved: { number: '4242 4242 4242 4242', expMonth: '12', expYear: '2030', cvv: '123' },
  declined: { number: '4000 0000 0000 0002', expMonth: '12', expYear: '2030', cvv: '123' },
  review: { number: '4000 0000 0000 9995', expMonth: '12', expYear: '2030', cvv: '123' },
  authenticate: { number: '4000 0025 0000 3155', expMonth: '12', expYear: '2030', cvv: '123' },
};

export function orderBody(over: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    items: [DOOR, CHIP],
    billing: JANE,
    sameAsBilling: true,
    shippingMethod: 'standard',
    paymentMethod: 'card',
    ...over,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers' fields by path without a cast at each step
export type Json = Record<string, any>;

export async function send(
  app: Hono<AppEnv>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.request(path, {
    method,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // not JSON: the test looks at text
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** Creates an order; returns its id and token. */
export async function placeOrder(app: Hono<AppEnv>, over: Record<string, unknown> = {}) {
  const r = await send(app, 'POST', '/api/order', orderBody(over));
  if (r.status !== 201) throw new Error(`order not created: ${r.status} ${r.text}`);
  return { id: r.json.order.id as number, token: r.json.orderToken as string, order: r.json.order as Json };
}

/** What the checkout page's tokenizer does: posts the card to the sandbox gateway (not to /api/) and returns its token. */
export async function cardToken(
  app: Hono<AppEnv>,
  card: { number: string; expMonth: string; expYear: string; cvv: string },
): Promise<string> {
  const r = await send(app, 'POST', '/sandbox-gateway/v1/tokens', card);
  if (r.status !== 201) throw new Error(`no token: ${r.status} ${r.text}`);
  return r.json.id as string;
}
