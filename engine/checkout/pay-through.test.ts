import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethodInfo } from './checkout-client.ts';
import type { PayRequest } from './gateways/gateway.ts';
import { payThrough } from './pay-through.ts';

const SANDBOX: PaymentMethodInfo = {
  name: 'card',
  title: 'Card',
  enabled: true,
  gateway: 'sandbox',
  config: { tokenizerUrl: '/sandbox-gateway/tokenizer.js' },
};
const CARD = { number: ' 4242 4242 4242 4242 ', expMonth: '12', expYear: '2031', cvv: '987' };
const request = (over: Partial<PayRequest> = {}): PayRequest => ({
  subject: { kind: 'order', id: 7, token: 'ot' },
  method: SANDBOX,
  card: CARD,
  payer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '' },
  hosted: null,
  ...over,
});

/** A page whose tokenizer script answers `token`, and a shop API answering `answer`; records the API calls. */
function page(
  token: { token?: string; error?: { message: string; errors?: Record<string, string> } },
  answer: () => Response,
) {
  const calls: { url: string; body: unknown }[] = [];
  // The script is loaded once per page (as loadScript does); this test's tokenizer answers.
  vi.stubGlobal('window', { SandboxGateway: { createToken: async () => token } });
  vi.stubGlobal('document', {
    createElement: () => {
      const on: Record<string, () => void> = {};
      return { setAttribute() {}, remove() {}, addEventListener: (e: string, f: () => void) => (on[e] = f), on };
    },
    body: {
      appendChild(s: { on: Record<string, () => void> }) {
        setTimeout(() => s.on.load?.(), 0);
      },
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    calls.push({ url, body: JSON.parse(init.body) });
    return answer();
  });
  return calls;
}
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

describe('paying through a gateway', () => {
  it("sends the tokenizer's token, never the card, to the order's pay route; a paid answer is paid", async () => {
    const order = { orderIncrementId: '000000042', total: 16.02, subtotal: 15, taxAmount: 1.02, shippingAmount: 0 };
    const calls = page({ token: 'tok_sandbox_1' }, json(200, { success: true, order }));
    const out = await payThrough(request(), { notify() {} });
    expect(out).toEqual({ kind: 'paid', answer: { success: true, order } });
    expect(calls).toEqual([
      { url: '/api/order/pay', body: { id: 7, token: 'ot', paymentMethod: 'card', paymentToken: 'tok_sandbox_1' } },
    ]);
    expect(JSON.stringify(calls)).not.toMatch(/4242|987/);
  });

  it("pays a quote by the quote's pay route; a transaction id is paid", async () => {
    const calls = page({ token: 'tok_sandbox_2' }, json(200, { success: true, transactionId: 'tx_1', amount: 10 }));
    const out = await payThrough(request({ subject: { kind: 'quote', id: 3, token: 'qt' } }), { notify() {} });
    expect(out).toMatchObject({ kind: 'paid', answer: { transactionId: 'tx_1' } });
    expect(calls[0]).toEqual({
      url: '/api/quote/pay',
      body: { quoteId: 3, token: 'qt', paymentMethod: 'card', paymentToken: 'tok_sandbox_2' },
    });
  });

  it('an authentication page is gone to; a 202 without one is held with its message', async () => {
    page({ token: 't' }, json(202, { nextAction: { type: 'redirect', url: 'https://gw.test/3ds/1' } }));
    expect(await payThrough(request(), { notify() {} })).toEqual({ kind: 'redirect', url: 'https://gw.test/3ds/1' });
    page({ token: 't' }, json(202, { status: 'on_hold', message: 'Your payment is being reviewed.' }));
    expect(await payThrough(request(), { notify() {} })).toMatchObject({
      kind: 'held',
      message: 'Your payment is being reviewed.',
    });
  });

  it("fails with the server's message and, on 422, its field errors; a network failure says so", async () => {
    page({ token: 't' }, json(402, { success: false, message: 'Your card was declined.' }));
    expect(await payThrough(request(), { notify() {} })).toEqual({
      kind: 'failed',
      message: 'Your card was declined.',
      errors: undefined,
    });
    page({ token: 't' }, json(422, { success: false, message: 'Invalid', errors: { paymentMethod: 'Required' } }));
    expect(await payThrough(request(), { notify() {} })).toEqual({
      kind: 'failed',
      message: 'Invalid',
      errors: { paymentMethod: 'Required' },
    });
    page({ token: 't' }, () => {
      throw new TypeError('offline');
    });
    expect(await payThrough(request(), { notify() {} })).toEqual({
      kind: 'failed',
      message: 'An error occurred while processing your payment. Please try again.',
    });
  });

  it("the tokenizer's refusal is shown on the card's fields, and no pay call is made", async () => {
    const calls = page(
      { error: { message: 'Invalid card', errors: { number: 'Card number is invalid' } } },
      json(200, {}),
    );
    expect(await payThrough(request(), { notify() {} })).toEqual({
      kind: 'failed',
      message: 'Invalid card',
      errors: { 'card.number': 'Card number is invalid' },
    });
    expect(calls).toEqual([]);
  });

  it('a method without a gateway on this page, or without its public config, is not available', async () => {
    const calls = page({ token: 't' }, json(200, {}));
    for (const method of [
      { ...SANDBOX, gateway: 'nowhere' },
      { ...SANDBOX, config: {} },
    ])
      expect(await payThrough(request({ method }), { notify() {} })).toEqual({
        kind: 'failed',
        message: 'Payment method not available',
      });
    expect(calls).toEqual([]);
  });
});
