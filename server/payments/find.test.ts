/**
 * `find`: each provider answers "what became of this attempt?" by our reference, without
 * charging, so a payment whose answer was lost is settled from the provider's own record.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { sandboxGateway } from '../sandbox-gateway/gateway.ts';
import { SANDBOX_CARDS } from '../sandbox-gateway/gateway.ts';
import {
  ANET_TEST_CARDS,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from '../testing/authorize-net-stand-in.ts';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { authorizeNetConfigFromEnv, authorizeNetProvider } from './authorize-net.ts';
import type { AttemptRef, ChargeRequest, PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { stripeConfigFromEnv, stripeProvider } from './stripe.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const request = (token: string, orderId: number, paymentId: number): ChargeRequest => ({
  amountCents: 1602,
  currency: 'usd',
  token,
  orderId,
  orderIncrementId: String(100_000_000 + orderId),
  paymentId,
  email: 'jane@example.com',
  description: `Hearthline order #${100_000_000 + orderId}`,
  idempotencyKey: `order-${orderId}-payment-${paymentId}-charge`,
  returnUrl: 'https://shop.example/payment/verify/card',
  metadata: { orderId: String(orderId), orderIncrementId: String(100_000_000 + orderId), paymentId: String(paymentId) },
});
const refOf = (r: ChargeRequest): AttemptRef => ({
  idempotencyKey: r.idempotencyKey,
  paymentId: r.paymentId,
  orderId: r.orderId,
  orderIncrementId: r.orderIncrementId,
  amountCents: r.amountCents,
  createdAt: '2026-03-10T12:00:00.000Z',
});

/** The same three questions of every provider: a charge made, a decline made, an attempt never made. */
async function findsItsAttempts(
  provider: PaymentProvider,
  tokens: { approved: () => Promise<string>; declined: () => Promise<string> },
  charges: () => number,
) {
  // Two attempts of one order and one of another: find tells them apart by our payment id.
  const paid = request(await tokens.approved(), 7, 70);
  const declined = request(await tokens.declined(), 7, 71);
  const other = request(await tokens.approved(), 8, 80);
  const a = await provider.charge(paid);
  const b = await provider.charge(declined);
  await provider.charge(other);
  const before = charges();

  const foundPaid = await provider.find!(refOf(paid));
  expect(foundPaid).toMatchObject({ status: 'completed', transactionId: a.transactionId, amountCents: 1602 });
  const foundDeclined = await provider.find!(refOf(declined));
  expect(foundDeclined?.status).toBe('failed');
  if (b.transactionId) expect(foundDeclined?.transactionId).toBe(b.transactionId);
  // Never sent: nothing found, and looking charged nothing.
  expect(await provider.find!(refOf(request('unused', 7, 72)))).toBeUndefined();
  expect(await provider.find!(refOf(request('unused', 9, 90)))).toBeUndefined();
  expect(charges()).toBe(before);
}

describe('find: what became of an attempt, never charging again', () => {
  it('the sandbox gateway looks its charge up by our idempotency key', async () => {
    const dir = tempDir();
    const t = await openTestDatabase(dir);
    cleanups.push(
      () => dir.cleanup(),
      () => t.close(),
    );
    const gateway = sandboxGateway(t.db, manualClock('2026-03-10T12:00:00Z'));
    let rows = 0;
    const count = async () => (rows = (await t.db.selectFrom('sandbox_gateway_intents').select('id').execute()).length);
    const token = (number: string) => async () =>
      (await gateway.createToken({ number, expMonth: '12', expYear: '2030', cvv: '123' })).id;
    await findsItsAttempts(
      sandboxProvider(gateway),
      { approved: token(SANDBOX_CARDS.approved), declined: token(SANDBOX_CARDS.declined) },
      () => rows,
    );
    await count();
    expect(rows).toBe(3);
  });

  it('Stripe searches its intents by the payment id in their metadata', async () => {
    const stripe: StripeStandIn = await startStripeStandIn();
    cleanups.push(() => stripe.close());
    const provider = stripeProvider(
      stripeConfigFromEnv({
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      })!,
    );
    await findsItsAttempts(
      provider,
      { approved: async () => 'pm_card_visa', declined: async () => 'pm_card_chargeDeclined' },
      () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length,
    );
    expect(stripe.requests.some((r) => r.path === '/v1/payment_intents/search')).toBe(true);
  });

  it('Authorize.Net finds the unsettled transaction with our order number and payment id', async () => {
    const anet: AuthorizeNetStandIn = await startAuthorizeNetStandIn();
    cleanups.push(() => anet.close());
    const provider = authorizeNetProvider(authorizeNetConfigFromEnv(anet.env())!);
    await findsItsAttempts(
      provider,
      {
        approved: async () => opaqueValueFor(ANET_TEST_CARDS.approved),
        declined: async () => opaqueValueFor(ANET_TEST_CARDS.declined),
      },
      () => anet.requests.filter((r) => r.kind === 'createTransactionRequest').length,
    );
    expect(anet.requests.some((r) => r.kind === 'getUnsettledTransactionListRequest')).toBe(true);
  });
});
