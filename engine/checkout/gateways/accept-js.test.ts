import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethodInfo } from '../checkout-client.ts';
import { acceptJsConfig, dispatchCard, processTransactionBody } from './accept-js.ts';

const METHOD: PaymentMethodInfo = {
  name: 'authorize-net',
  title: 'Card',
  enabled: true,
  gateway: 'authorize-net',
  config: { acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', clientKey: 'ck', apiLoginID: 'login' },
};
const CARD = { number: '4111 1111 1111 1111', expMonth: '1', expYear: '2031', cvv: '123' };
const ADDRESS = {
  firstName: 'Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '(614) 555-0100',
  street1: '1 High St',
  street2: 'Apt 2',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43215',
  countryId: 'US',
};

/** A page where loading a script "runs" it: window.Accept is the given fake. */
function pageWithAccept(accept: unknown) {
  const loaded: string[] = [];
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {
    createElement: () => {
      const listeners: Record<string, () => void> = {};
      return {
        setAttribute() {},
        remove() {},
        addEventListener: (e: string, f: () => void) => (listeners[e] = f),
        listeners,
        src: '',
      };
    },
    body: {
      appendChild(s: { src: string; listeners: Record<string, () => void> }) {
        loaded.push(s.src);
        (globalThis as unknown as { window: { Accept?: unknown } }).window.Accept = accept;
        setTimeout(() => s.listeners.load?.(), 0);
      },
    },
  });
  return loaded;
}

afterEach(() => vi.unstubAllGlobals());

describe('Accept.js', () => {
  it('is configured only for an Authorize.Net method with its script and both public keys', () => {
    expect(acceptJsConfig(METHOD)).toEqual({
      acceptJsUrl: METHOD.config!.acceptJsUrl,
      clientKey: 'ck',
      apiLoginID: 'login',
    });
    expect(
      acceptJsConfig({ ...METHOD, config: { acceptJsUrl: METHOD.config!.acceptJsUrl, clientKey: 'ck', loginId: 'li' } })
        ?.apiLoginID,
    ).toBe('li');
    expect(
      acceptJsConfig({ ...METHOD, config: { acceptJsUrl: METHOD.config!.acceptJsUrl, apiLoginID: 'login' } }),
    ).toBeUndefined();
    expect(acceptJsConfig({ ...METHOD, gateway: 'sandbox' })).toBeUndefined();
    expect(acceptJsConfig(undefined)).toBeUndefined();
  });

  it('hands the card to Accept.dispatchData and returns its opaque data, or the text of its error messages', async () => {
    const calls: unknown[] = [];
    const loaded = pageWithAccept({
      dispatchData(data: { cardData: { cardNumber: string } }, cb: (r: unknown) => void) {
        calls.push(data);
        cb(
          data.cardData.cardNumber.endsWith('1111')
            ? {
                opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'nonce' },
                messages: { resultCode: 'Ok', message: [] },
              }
            : {
                messages: {
                  resultCode: 'Error',
                  message: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }],
                },
              },
        );
      },
    });
    const cfg = acceptJsConfig(METHOD)!;
    expect(await dispatchCard(cfg, CARD)).toEqual({
      dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
      dataValue: 'nonce',
    });
    expect(calls[0]).toEqual({
      authData: { clientKey: 'ck', apiLoginID: 'login' },
      cardData: { cardNumber: '4111111111111111', month: '01', year: '2031', cardCode: '123' },
    });
    expect(await dispatchCard(cfg, { ...CARD, number: '4111 1111 1111 1112' })).toEqual({
      error: 'Please provide valid credit card number.',
    });
    expect(loaded).toEqual([cfg.acceptJsUrl]);
  });

  it('a page without Accept after loading says the method is not available', async () => {
    pageWithAccept(undefined);
    expect(
      await dispatchCard({ acceptJsUrl: 'https://js.example/other.js', clientKey: 'ck', apiLoginID: 'l' }, CARD),
    ).toEqual({ error: 'Payment method not available' });
  });

  it("the shop's body: opaque data, the order, addresses; never the card", () => {
    const body = processTransactionBody(
      { id: 7, token: 't' },
      'authorize-net',
      { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'nonce' },
      16.02,
      ADDRESS,
      ADDRESS,
    );
    expect(body).toMatchObject({
      orderId: 7,
      token: 't',
      dataValue: 'nonce',
      amount: 16.02,
      additionalData: {
        customer: { email: 'ada@example.com' },
        billTo: { firstName: 'Ada', address: '1 High St Apt 2', zip: '43215' },
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/4111|cardNumber|cvv|cardCode/);
  });
});
