import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import type { Db } from '../db/open.ts';
import { SANDBOX_CARDS, sandboxGateway, type SandboxGateway } from '../sandbox-gateway/gateway.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { cardBrand } from './card-brand.ts';
import type { ChargeRequest, PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';

let dir: TempDir;
let testDb: TestDatabase;
let db: Db;
let gateway: SandboxGateway;
let sandbox: PaymentProvider;
let n = 0;
beforeEach(async () => {
  dir = tempDir();
  testDb = await openTestDatabase(dir);
  db = testDb.db;
  gateway = sandboxGateway(db, manualClock('2026-03-10T12:00:00Z'));
  sandbox = sandboxProvider(gateway);
});
afterEach(async () => {
  await testDb.close();
  dir.cleanup();
});

const tokenFor = async (number: string, expMonth = '12', expYear = '2030') =>
  (await gateway.createToken({ number, expMonth, expYear, cvv: '123' })).id;
const request = (token: string, over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amountCents: 1602,
  currency: 'usd',
  token,
  orderId: 1,
  orderIncrementId: '100000001',
  paymentId: ++n,
  email: 'jane@example.com',
  description: 'order',
  idempotencyKey: `order-1-payment-${n}-charge`,
  returnUrl: 'https://shop.example/payment/verify/card',
  ...over,
});
const charge = async (number: string, expMonth?: string, expYear?: string) =>
  sandbox.charge(request(await tokenFor(number, expMonth, expYear)));

describe('sandbox gateway and provider', () => {
  it('test cards: approved 1, declined 3, held for review 4, authentication on the gateway page', async () => {
    expect(await charge(SANDBOX_CARDS.approved)).toMatchObject({
      status: 'completed',
      details: { responseCode: 1 },
      amountCents: 1602,
      card: { brand: 'visa', last4: '4242' },
      transactionId: expect.stringMatching(/^sandbox_ch_[0-9a-f]{24}$/),
    });
    expect(await charge(SANDBOX_CARDS.declined)).toMatchObject({
      status: 'failed',
      details: { responseCode: 3 },
      message: 'Your card was declined.',
    });
    expect(await charge(SANDBOX_CARDS.heldForReview)).toMatchObject({
      status: 'on_hold',
      next: 'review',
      details: { responseCode: 4 },
    });
    const auth = await charge(SANDBOX_CARDS.authenticationRequired);
    expect(auth).toMatchObject({
      status: 'on_hold',
      next: 'authenticate',
      details: { sandboxStatus: 'requires_action' },
      transactionId: expect.stringMatching(/^sandbox_pi_[0-9a-f]{32}$/),
    });
    expect(auth.handoff?.secret).toMatch(new RegExp(`^${auth.transactionId}_secret_[A-Za-z0-9_-]{32}$`));
    expect(auth.handoff?.nextAction).toEqual({
      type: 'redirect_to_url',
      url: `/sandbox-gateway/authenticate/${auth.transactionId}?client_secret=${encodeURIComponent(auth.handoff!.secret!)}`,
    });
    expect(auth.metadata).toEqual({ orderId: '1', orderIncrementId: '100000001', paymentId: String(n) });

    const back = await gateway.authenticate(auth.transactionId!, auth.handoff!.secret!, true);
    expect(back).toBe(
      `/payment/verify/card?payment_intent=${auth.transactionId}&payment_intent_client_secret=${encodeURIComponent(auth.handoff!.secret!)}`,
    );
    expect(await sandbox.retrieve(auth.transactionId!)).toMatchObject({
      status: 'completed',
      details: { sandboxStatus: 'succeeded' },
    });
    // Decided once: a second answer changes nothing.
    await gateway.authenticate(auth.transactionId!, auth.handoff!.secret!, false);
    expect(await sandbox.retrieve(auth.transactionId!)).toMatchObject({ status: 'completed' });
    expect(await gateway.authenticate(auth.transactionId!, 'wrong', true)).toBeUndefined();
  });

  it('declines expired cards, other test failures and any card that is not a test card', async () => {
    expect(await charge(SANDBOX_CARDS.approved, '2', '2026')).toMatchObject({
      status: 'failed',
      message: 'Your card has expired.',
    });
    expect(await charge(SANDBOX_CARDS.approved, '3', '2026')).toMatchObject({ status: 'completed' });
    expect(await charge(SANDBOX_CARDS.incorrectCvc)).toMatchObject({
      status: 'failed',
      message: "Your card's security code is incorrect.",
    });
    expect(await charge('4111111111111111')).toMatchObject({ status: 'failed', details: { responseCode: 3 } });
    expect(await charge('378282246310005')).toMatchObject({
      status: 'completed',
      card: { brand: 'amex', last4: '0005' },
    });
  });

  it('a token pays once; the same idempotency key answers with the same charge; the store keeps no card number', async () => {
    const token = await tokenFor(SANDBOX_CARDS.approved);
    const first = await sandbox.charge(request(token, { paymentId: 7, idempotencyKey: 'k-7' }));
    expect(await sandbox.charge(request(token, { paymentId: 7, idempotencyKey: 'k-7' }))).toEqual(first);
    // The same key with a fresh token: the same charge, and the fresh token stays unused.
    const fresh = await tokenFor(SANDBOX_CARDS.approved);
    expect(await sandbox.charge(request(fresh, { paymentId: 7, idempotencyKey: 'k-7' }))).toEqual(first);
    expect(
      await db.selectFrom('sandbox_gateway_tokens').select('used_at').where('id', '=', fresh).executeTakeFirstOrThrow(),
    ).toEqual({ used_at: null });
    expect(await sandbox.charge(request(fresh, { paymentId: 8, idempotencyKey: 'k-8' }))).toMatchObject({
      status: 'completed',
    });
    expect(await sandbox.charge(request(token))).toMatchObject({
      status: 'failed',
      transactionId: null,
      message: 'The card token is invalid, used or expired. Please enter your card again.',
    });
    expect(await sandbox.charge(request('tok_sandbox_unknown'))).toMatchObject({ status: 'failed' });
    const dump = JSON.stringify([
      await db.selectFrom('sandbox_gateway_tokens').selectAll().execute(),
      await db.selectFrom('sandbox_gateway_intents').selectAll().execute(),
    ]);
    expect(dump).not.toContain('4242424242424242');
  });

  it('checks the card fields with the spec messages before making a token', async () => {
    await expect(
      gateway.createToken({ number: '4242', expMonth: '13', expYear: '2020', cvv: '12' }),
    ).rejects.toMatchObject({
      status: 422,
      errors: {
        number: 'Card number is invalid',
        expMonth: 'Expiry month is invalid',
        expYear: 'Expiry year is invalid',
        cvv: 'CVV is invalid',
      },
    });
  });

  it('card brands', () => {
    expect(
      [
        '4242424242424242',
        '5555555555554444',
        '2223003122003222',
        '378282246310005',
        '6011111111111117',
        '3056930009020004',
        '3566002020360505',
        '9999',
      ].map(cardBrand),
    ).toEqual(['visa', 'mastercard', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unknown']);
  });
});
