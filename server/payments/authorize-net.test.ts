import { afterEach, describe, expect, it } from 'vitest';
import { startAuthorizeNetStandIn, type AuthorizeNetStandIn } from '../testing/authorize-net-stand-in.ts';
import {
  authorizeNetConfigFromEnv,
  authorizeNetProvider,
  describeWithMetadata,
  metadataOfDescription,
  parseAnetJson,
  resultOfDetails,
  resultOfTransaction,
  statusFromResponseCode,
} from './authorize-net.ts';

let anet: AuthorizeNetStandIn | undefined;
afterEach(async () => {
  await anet?.close();
  anet = undefined;
});

const ENV = {
  AUTHORIZE_NET_LOGIN_ID: 'login',
  AUTHORIZE_NET_TRANSACTION_KEY: 'secret-key',
  AUTHORIZE_NET_CLIENT_KEY: 'client',
  AUTHORIZE_NET_API_URL: 'https://apitest.authorize.net/xml/v1/request.api',
  AUTHORIZE_NET_ACCEPT_JS_URL: 'https://jstest.authorize.net/v1/Accept.js',
};

describe('Authorize.Net configuration and answers', () => {
  it('needs all five values or none; the browser gets only the public ones and the CSP only the Accept.js hosts', () => {
    expect(authorizeNetConfigFromEnv({})).toBeUndefined();
    expect(() => authorizeNetConfigFromEnv({ ...ENV, AUTHORIZE_NET_CLIENT_KEY: ' ' })).toThrow(
      'Authorize.Net is partly configured: AUTHORIZE_NET_CLIENT_KEY is missing',
    );
    expect(() =>
      authorizeNetConfigFromEnv({ ...ENV, AUTHORIZE_NET_ACCEPT_JS_URL: 'http://jstest.authorize.net/v1/Accept.js' }),
    ).toThrow('must be https');
    expect(() => authorizeNetConfigFromEnv({ ...ENV, AUTHORIZE_NET_TIMEOUT_MS: 'soon' })).toThrow(
      'AUTHORIZE_NET_TIMEOUT_MS',
    );
    const p = authorizeNetProvider(authorizeNetConfigFromEnv(ENV)!);
    expect(p.publicConfig).toEqual({
      acceptJsUrl: ENV.AUTHORIZE_NET_ACCEPT_JS_URL,
      clientKey: 'client',
      apiLoginID: 'login',
      loginId: 'login',
    });
    expect(JSON.stringify(p.publicConfig)).not.toContain('secret-key');
    expect(p.cspHosts).toEqual({
      scriptSrc: ['https://jstest.authorize.net'],
      frameSrc: ['https://jstest.authorize.net'],
      connectSrc: ['https://jstest.authorize.net', 'https://apitest.authorize.net'],
    });
  });

  it('reads a body that starts with a byte-order mark, as the stand-in (like Authorize.Net) sends it', async () => {
    anet = await startAuthorizeNetStandIn();
    const raw = Buffer.from(
      await (await fetch(anet.url, { method: 'POST', body: '{"getTransactionDetailsRequest":{}}' })).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(() => JSON.parse(raw.toString('utf8'))).toThrow();
    expect(parseAnetJson(raw.toString('utf8'))).toMatchObject({ messages: { resultCode: 'Error' } });
  });

  it("carries a non-order charge's metadata at the end of order.description (within 255) and reads it back; an order's has none", () => {
    const meta = { quoteId: '12', quoteIncrementId: 'Q100000012', quotePaymentId: '3' };
    const d = describeWithMetadata('Shop quote #Q100000012', meta);
    expect(d).toBe('Shop quote #Q100000012 [quoteId=12&quoteIncrementId=Q100000012&quotePaymentId=3]');
    expect(metadataOfDescription(d)).toEqual(meta);
    const long = describeWithMetadata('x'.repeat(400), meta);
    expect(long.length).toBe(255);
    expect(metadataOfDescription(long)).toEqual(meta);
    expect(describeWithMetadata('Shop order #000000042')).toBe('Shop order #000000042');
    expect(metadataOfDescription('Shop order #000000042 [see notes]')).toBeUndefined();
    expect(metadataOfDescription('Shop order #000000042 [gift]')).toBeUndefined();
    expect(
      resultOfDetails({ transId: '7', responseCode: 1, authAmount: 10, order: { invoiceNumber: 'Q1', description: d } })
        .metadata,
    ).toEqual(meta);
    expect(
      resultOfDetails({
        transId: '7',
        responseCode: 1,
        authAmount: 10,
        order: { invoiceNumber: '000000042', description: 'Shop order #000000042' },
      }).metadata,
    ).toBeUndefined();
  });

  it('maps response codes 1-4 and takes the errors text as the message', () => {
    const tr = (responseCode: string, extra = {}) =>
      resultOfTransaction({
        transactionResponse: { responseCode, transId: '42', accountNumber: 'XXXX1111', accountType: 'Visa', ...extra },
      });
    expect(tr('1').status).toBe('completed');
    expect(tr('2').status).toBe('pending');
    expect(tr('4').status).toBe('on_hold');
    expect(tr('3', { errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }] })).toMatchObject({
      status: 'failed',
      transactionId: '42',
      message: 'This transaction has been declined.',
      card: { brand: 'visa', last4: '1111' },
    });
    expect(tr('3', { transId: '0' }).transactionId).toBeNull();
  });
});

describe('Authorize.Net response codes', () => {
  it("map onto the spec's payment statuses; a code outside 1-4 is an error", () => {
    expect([1, 2, 3, 4, '1', 9].map(statusFromResponseCode)).toEqual([
      'completed',
      'pending',
      'failed',
      'on_hold',
      'completed',
      'failed',
    ]);
  });
});
