import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethodInfo } from '../checkout-client.ts';
import type { HostedHandle, PayAnswer, PayRequest } from './gateway.ts';
import stripe from './stripe.tsx';

const METHOD: PaymentMethodInfo = {
  name: 'stripe',
  title: 'Card (Stripe)',
  enabled: true,
  gateway: 'stripe',
  config: { publishableKey: 'pk_test' },
};

/** Stripe's fields as the gateway uses them: every call recorded. */
function fields(over: { confirm?: { error?: { message: string } } } = {}) {
  const calls: string[] = [];
  const handle = {
    validate: () => ({}),
    focus() {},
    createPaymentMethod: async () => ({ id: 'pm_1' }),
    async confirmCardPayment(secret: string) {
      calls.push(`confirm ${secret}`);
      return over.confirm ?? {};
    },
    async handleNextAction(secret: string) {
      calls.push(`action ${secret}`);
      return {};
    },
  };
  return { handle: handle as HostedHandle, calls };
}

const request = (kind: 'order' | 'quote', hosted: HostedHandle): PayRequest => ({
  subject: { kind, id: 5, token: 'tk' },
  method: METHOD,
  card: { number: '', expMonth: '', expYear: '', cvv: '' },
  payer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '' },
  total: 16.02,
  hosted,
});

/** The shop's Stripe routes, answering in turn; records each call. */
function shop(...answers: { status: number; body: unknown }[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    calls.push({ url, body: JSON.parse(init.body) });
    const a = answers.shift()!;
    return new Response(JSON.stringify(a.body), { status: a.status });
  });
  return calls;
}
/** A Stripe answer: the shop's words plus the intent. */
const intent = (status: string, extra: object = {}) => ({
  status: 200,
  body: { paymentIntent: { id: 'pi_1', status, client_secret: 'pi_1_secret' }, ...extra } as PayAnswer,
});
const ORDER = { orderIncrementId: '000000042', total: 16.02, subtotal: 15, taxAmount: 1.02, shippingAmount: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('the Stripe gateway', () => {
  it("an order's intent: the PaymentMethod id and the order's total by the shop's Stripe route, no currency", async () => {
    const { handle } = fields();
    const req = request('order', handle);
    const t = await stripe.tokenize(req);
    expect(t).toEqual({ token: 'pm_1' });
    expect(stripe.payCall!(req, { token: 'pm_1' })).toEqual({
      url: '/api/payment/stripe/payment-intent',
      body: {
        orderId: 5,
        token: 'tk',
        paymentMethod: 'stripe',
        paymentMethodId: 'pm_1',
        receiptEmail: 'ada@example.com',
        amount: 16.02,
      },
    });
    // A quote pays by the quote's own pay route.
    expect(stripe.payCall!(request('quote', handle), { token: 'pm_1' })).toBeUndefined();
  });

  it('an order awaiting capture is captured by the server, then read as paid', async () => {
    const { handle } = fields();
    const calls = shop(intent('succeeded', { success: true, order: ORDER }));
    const out = await stripe.finish!({ status: 200, body: intent('requires_capture').body }, request('order', handle), {
      notify() {},
    });
    expect(calls).toEqual([
      { url: '/api/payment/stripe/capture-payment', body: { orderId: 5, token: 'tk', paymentIntentId: 'pi_1' } },
    ]);
    expect(out).toMatchObject({ kind: 'paid', answer: { order: ORDER } });
  });

  it("a quote awaiting capture is paid: the intent's id goes to the conversion, which checks it", async () => {
    const { handle } = fields();
    const calls = shop();
    const out = await stripe.finish!(
      { status: 200, body: { ...intent('requires_capture').body, amount: 938.61 } },
      request('quote', handle),
      { notify() {} },
    );
    expect(calls).toEqual([]);
    expect(out).toMatchObject({ kind: 'paid', answer: { transactionId: 'pi_1', amount: 938.61 } });
  });

  it('3-D Secure: the page says so, Stripe handles it, the order is read back; a failed confirmation shows its message', async () => {
    const { handle, calls: stripeCalls } = fields();
    const notes: string[] = [];
    shop(intent('succeeded', { success: true, order: ORDER }));
    const out = await stripe.finish!({ status: 200, body: intent('requires_action').body }, request('order', handle), {
      notify: (m) => notes.push(m),
    });
    expect(notes).toEqual(['Additional authentication required']);
    expect(stripeCalls).toEqual(['action pi_1_secret']);
    expect(out.kind).toBe('paid');

    const refused = fields({ confirm: { error: { message: 'Your card was declined.' } } });
    expect(
      await stripe.finish!(
        { status: 200, body: intent('requires_confirmation').body },
        request('quote', refused.handle),
        { notify() {} },
      ),
    ).toEqual({ kind: 'failed', message: 'Your card was declined.' });
  });

  it('an unknown intent status is named; a refusal keeps the server message', async () => {
    const { handle } = fields();
    expect(
      await stripe.finish!({ status: 200, body: intent('weird').body }, request('order', handle), { notify() {} }),
    ).toEqual({ kind: 'failed', message: 'Unexpected payment status: weird', errors: undefined });
    expect(
      await stripe.finish!({ status: 402, body: { message: 'Your card was declined.' } }, request('order', handle), {
        notify() {},
      }),
    ).toMatchObject({ kind: 'failed', message: 'Your card was declined.' });
  });
});
