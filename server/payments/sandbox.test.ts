import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { cardBrand } from './card-brand.ts';
import type { ChargeRequest } from './provider.ts';
import { SANDBOX_CARDS, sandboxProvider } from './sandbox.ts';

const request = (number: string, expMonth = 12, expYear = 2030): ChargeRequest => ({
  amountCents: 1602,
  currency: 'usd',
  card: { number, expMonth, expYear, cvv: '123' },
  orderId: 1,
  orderIncrementId: '100000001',
  email: 'jane@example.com',
  description: 'order',
});

describe('sandbox provider', () => {
  const sandbox = sandboxProvider(manualClock('2026-03-10T12:00:00Z'));

  it('test cards behave like the card provider: approved 1, declined 3, held for review 4, authentication', async () => {
    expect(await sandbox.charge(request(SANDBOX_CARDS.approved))).toMatchObject({ status: 'completed', responseCode: 1, card: { brand: 'visa', last4: '4242' } });
    expect(await sandbox.charge(request(SANDBOX_CARDS.declined))).toMatchObject({ status: 'failed', responseCode: 3, message: 'Your card was declined.' });
    expect(await sandbox.charge(request(SANDBOX_CARDS.heldForReview))).toMatchObject({ status: 'on_hold', responseCode: 4 });
    const auth = await sandbox.charge(request(SANDBOX_CARDS.authenticationRequired));
    expect(auth).toMatchObject({ status: 'on_hold', intentStatus: 'requires_action', transactionId: expect.stringMatching(/^sandbox_pi_[0-9a-f]{32}$/) });
    expect(auth.clientSecret).toMatch(new RegExp(`^${auth.transactionId}_secret_[A-Za-z0-9_-]{32}$`));
    expect(await sandbox.completeAuthentication!(auth.transactionId!, true)).toMatchObject({ status: 'completed', intentStatus: 'succeeded' });
    expect(await sandbox.completeAuthentication!(auth.transactionId!, false)).toMatchObject({ status: 'failed', intentStatus: 'canceled' });
  });

  it('declines expired cards, other test failures and any card that is not a test card', async () => {
    expect(await sandbox.charge(request(SANDBOX_CARDS.approved, 2, 2026))).toMatchObject({ status: 'failed', message: 'Your card has expired.' });
    expect(await sandbox.charge(request(SANDBOX_CARDS.approved, 3, 2026))).toMatchObject({ status: 'completed' });
    expect(await sandbox.charge(request(SANDBOX_CARDS.incorrectCvc))).toMatchObject({ status: 'failed', message: "Your card's security code is incorrect." });
    expect(await sandbox.charge(request('4111111111111111'))).toMatchObject({ status: 'failed', responseCode: 3 });
    expect(await sandbox.charge(request('378282246310005'))).toMatchObject({ status: 'completed', card: { brand: 'amex', last4: '0005' } });
  });

  it('card brands', () => {
    expect(['4242424242424242', '5555555555554444', '2223003122003222', '378282246310005', '6011111111111117', '3056930009020004', '3566002020360505', '9999'].map(cardBrand)).toEqual([
      'visa',
      'mastercard',
      'mastercard',
      'amex',
      'discover',
      'diners',
      'jcb',
      'unknown',
    ]);
  });
});
