/**
 * The `authorize-net` provider: the direct-entry card gateway. The
 * browser hands the card to Accept.js, which gives back opaque data (descriptor and a one-time
 * value); the server posts a createTransactionRequest (authCaptureTransaction) with that opaque
 * data and the server's total to Authorize.Net's JSON API with plain fetch.
 *
 * Configuration (all five, or none: Authorize.Net is not offered; some of them is an error that
 * stops the start, naming the missing ones):
 *   AUTHORIZE_NET_LOGIN_ID         API login id (public: Accept.js's apiLoginID)
 *   AUTHORIZE_NET_TRANSACTION_KEY  secret; only in the server's API calls
 *   AUTHORIZE_NET_CLIENT_KEY       public client key for Accept.js
 *   AUTHORIZE_NET_API_URL          https://apitest.authorize.net/xml/v1/request.api (sandbox) or
 *                                  https://api.authorize.net/xml/v1/request.api
 *   AUTHORIZE_NET_ACCEPT_JS_URL    https://jstest.authorize.net/v1/Accept.js or https://js.authorize.net/v1/Accept.js
 *   AUTHORIZE_NET_TIMEOUT_MS       optional, default 20000: a gateway that does not answer by then
 *                                  fails the attempt with a clear message
 *
 * The JSON API is a translation of the XML one: elements must come in the XML schema's order
 * (AnetApiSchema.xsd), so the request objects below are built in that order, and its answers may
 * begin with a UTF-8 byte-order mark. Response code (transactionResponse.responseCode): 1
 * completed, 2 pending, 3 failed, 4 on_hold; the errors' text is the shopper's message.
 *
 * A charge that is no order's (a quote's: ChargeRequest.metadata) carries its metadata on the
 * transaction's order element, which getTransactionDetails gives back: invoiceNumber is the
 * metadata's quoteIncrementId (the merchant's reference, as an order's increment id is), and the
 * description ends with the metadata as `[k=v&k=v]` (URL-encoded), which retrieve() reads back
 * into `metadata`. Only the server writes it (the transaction key is secret).
 *
 * Decided here: a gateway that does not answer in time fails the attempt
 * (the page says so); a retry posts the same invoice number and amount, which Authorize.Net's
 * duplicate window (120 s by default) refuses, so a charge that did go through is not repeated
 * within it.
 */
import { PAYMENT_MESSAGES, type PaymentStatus } from '../../engine/node.ts';
import { authorizeNetRoutes } from '../api/authorize-net.ts';
import {
  requiredEnv,
  type ChargeParty,
  type ChargeResult,
  type PaymentProvider,
  type ProviderDescriptor,
} from './provider.ts';

const AUTHORIZE_NET_GATEWAY = 'authorize-net';
/** Accept.js's descriptor for the opaque data it returns. */
export const ACCEPT_DATA_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
const DEFAULT_TIMEOUT_MS = 20_000;

const AUTHORIZE_NET_TEXTS = {
  timeout: 'The payment gateway did not answer in time. Please try again.',
  unreadable: 'The payment gateway sent an answer we could not read. Please try again.',
} as const;

export interface AuthorizeNetConfig {
  loginId: string;
  transactionKey: string;
  clientKey: string;
  apiUrl: string;
  acceptJsUrl: string;
  timeoutMs: number;
}

class AuthorizeNetConfigError extends Error {}

const httpUrl = (name: string, v: string, https: boolean): string => {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new AuthorizeNetConfigError(`${name} is not a URL: ${v}`);
  }
  if (u.protocol !== 'https:' && (https || u.protocol !== 'http:'))
    throw new AuthorizeNetConfigError(`${name} must be ${https ? 'https' : 'http or https'}: ${v}`);
  return u.href;
};

/** The configuration from the environment; undefined when no value is set (Authorize.Net not offered); throws when only some are. */
export function authorizeNetConfigFromEnv(env: Record<string, string | undefined>): AuthorizeNetConfig | undefined {
  const get = (k: string) => env[k]?.trim() || undefined;
  const values = requiredEnv('Authorize.Net', env, [
    'AUTHORIZE_NET_LOGIN_ID',
    'AUTHORIZE_NET_TRANSACTION_KEY',
    'AUTHORIZE_NET_CLIENT_KEY',
    'AUTHORIZE_NET_API_URL',
    'AUTHORIZE_NET_ACCEPT_JS_URL',
  ]);
  if (!values) return undefined;
  const loginId = values.AUTHORIZE_NET_LOGIN_ID;
  const transactionKey = values.AUTHORIZE_NET_TRANSACTION_KEY;
  const clientKey = values.AUTHORIZE_NET_CLIENT_KEY;
  const apiUrl = values.AUTHORIZE_NET_API_URL;
  const acceptJsUrl = values.AUTHORIZE_NET_ACCEPT_JS_URL;
  const timeout = get('AUTHORIZE_NET_TIMEOUT_MS');
  const timeoutMs = timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000)
    throw new AuthorizeNetConfigError(`AUTHORIZE_NET_TIMEOUT_MS must be 100 to 120000 ms: ${timeout}`);
  return {
    loginId,
    transactionKey,
    clientKey,
    // The shop's server may talk to a local stand-in over http; the browser's script is https only.
    apiUrl: httpUrl('AUTHORIZE_NET_API_URL', apiUrl, false),
    acceptJsUrl: httpUrl('AUTHORIZE_NET_ACCEPT_JS_URL', acceptJsUrl, true),
    timeoutMs,
  };
}

/** The API host the Accept.js of this script URL posts the card to (sandbox or production). */
function acceptApiOrigin(scriptUrl: string): string[] {
  const host = new URL(scriptUrl).hostname;
  if (host === 'jstest.authorize.net') return ['https://apitest.authorize.net'];
  if (host === 'js.authorize.net') return ['https://api2.authorize.net', 'https://api.authorize.net'];
  return [];
}

/** Cuts a value to the XML schema's length for the element. */
const cut = (v: string | undefined, max: number) => (v ?? '').trim().slice(0, max);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** customerAddressType (billTo) in schema order: firstName, lastName, company, address, city, state, zip, country, phoneNumber. */
const billTo = (a: ChargeParty) => ({
  firstName: cut(a.firstName, 50),
  lastName: cut(a.lastName, 50),
  address: cut([a.street1, a.street2].filter(Boolean).join(' '), 60),
  city: cut(a.city, 40),
  state: cut(a.state, 40),
  zip: cut(a.zipCode, 20),
  country: cut(a.countryId, 60),
  phoneNumber: cut(a.phoneNumber, 25),
});
/** nameAndAddressType (shipTo): the same without a phone. */
const shipTo = (a: ChargeParty) => {
  const { phoneNumber: _p, ...rest } = billTo(a);
  return rest;
};

interface AnetMessages {
  resultCode?: string;
  message?: { code?: string; text?: string }[];
}
interface AnetTransactionResponse {
  responseCode?: string;
  transId?: string;
  accountNumber?: string;
  accountType?: string;
  messages?: { code?: string; description?: string }[];
  errors?: { errorCode?: string; errorText?: string }[];
}
interface AnetTransactionDetails {
  transId?: string;
  responseCode?: number | string;
  transactionStatus?: string;
  responseReasonDescription?: string;
  authAmount?: number | string;
  order?: { invoiceNumber?: string; description?: string };
  payment?: { creditCard?: { cardNumber?: string; cardType?: string } };
}

/** A gateway answer we could not use (not JSON, a resultCode Error without a transaction, an HTTP error). */
class AuthorizeNetError extends Error {}

/** The body as JSON, past the byte-order mark Authorize.Net puts in front of it. */
export function parseAnetJson(text: string): unknown {
  return JSON.parse(text.replace(/^\uFEFF/, ''));
}

const cardOf = (accountNumber?: string, accountType?: string) => {
  const last4 = accountNumber?.replace(/\D/g, '').slice(-4);
  return last4 && last4.length === 4 ? { card: { brand: (accountType ?? 'card').toLowerCase(), last4 } } : {};
};

const transactionId = (id: string | undefined) => (id && id !== '0' ? id : null);

/** A createTransactionResponse as the provider interface reports it. */
export function resultOfTransaction(body: {
  transactionResponse?: AnetTransactionResponse;
  messages?: AnetMessages;
}): ChargeResult {
  const tr = body.transactionResponse;
  const apiMessage = body.messages?.message
    ?.map((m) => m.text)
    .filter(Boolean)
    .join(' ');
  if (!tr?.responseCode) {
    // The request itself was refused (bad credentials, invalid opaque data ...): that attempt failed.
    if (body.messages?.resultCode === 'Error')
      return { status: 'failed', transactionId: null, message: apiMessage || PAYMENT_MESSAGES.failed };
    throw new AuthorizeNetError('no transactionResponse in the gateway answer');
  }
  const code = Number(tr.responseCode);
  const errors = tr.errors
    ?.map((e) => e.errorText)
    .filter(Boolean)
    .join(' ');
  const messages = tr.messages
    ?.map((m) => m.description)
    .filter(Boolean)
    .join(' ');
  const status = statusFromResponseCode(code);
  return {
    status,
    ...(status === 'on_hold' || status === 'pending' ? { next: 'review' as const } : {}),
    transactionId: transactionId(tr.transId),
    details: { responseCode: code },
    message: errors || messages || apiMessage || '',
    historyNamesTransaction: true,
    ...cardOf(tr.accountNumber, tr.accountType),
  };
}

/** The gateway's response codes as our payment statuses (1 approved, 2 pending, 3 declined, 4 held for review). */
const RESPONSE_STATUS: Readonly<Record<number, PaymentStatus>> = {
  1: 'completed',
  2: 'pending',
  3: 'failed',
  4: 'on_hold',
};

/** A response code outside 1-4 is an error: failed. */
export const statusFromResponseCode = (code: number | string): PaymentStatus =>
  RESPONSE_STATUS[Number(code)] ?? 'failed';

const REVIEW = new Set(['FDSPendingReview', 'FDSAuthorizedPendingReview']);
const FAILED = new Set([
  'declined',
  'voided',
  'expired',
  'generalError',
  'failedReview',
  'communicationError',
  'settlementError',
  'couldNotVoid',
]);

const DESCRIPTION_MAX = 255;

/** order.description for a charge: the text, then `[metadata]` when there is metadata (within the schema's 255). */
export function describeWithMetadata(text: string | undefined, metadata?: Record<string, string>): string {
  if (!metadata || !Object.keys(metadata).length) return cut(text, DESCRIPTION_MAX);
  const tail = `[${new URLSearchParams(metadata).toString()}]`;
  if (tail.length > DESCRIPTION_MAX)
    throw new Error('Authorize.Net: the charge metadata does not fit in order.description');
  const head = cut(text, DESCRIPTION_MAX - tail.length - 1);
  return head ? `${head} ${tail}` : tail;
}

/** The metadata at the end of an order.description (describeWithMetadata), if any. */
export function metadataOfDescription(description: string | undefined): Record<string, string> | undefined {
  const m = /\[([^[\]\s]*)\]$/.exec(description ?? '');
  // Only key=value pairs: a description that merely ends in brackets carries no metadata.
  if (!m?.[1]?.split('&').every((pair) => /^[^=]+=/.test(pair))) return undefined;
  const out = Object.fromEntries(new URLSearchParams(m[1]));
  return Object.keys(out).length ? out : undefined;
}

/** A getTransactionDetailsResponse's transaction as the provider interface reports it. */
export function resultOfDetails(t: AnetTransactionDetails): ChargeResult {
  const metadata = metadataOfDescription(t.order?.description);
  const code = Number(t.responseCode);
  const status =
    t.transactionStatus && REVIEW.has(t.transactionStatus)
      ? 'on_hold'
      : t.transactionStatus && FAILED.has(t.transactionStatus)
        ? 'failed'
        : statusFromResponseCode(code);
  const amount = Number(t.authAmount);
  return {
    status,
    ...(status === 'on_hold' || status === 'pending' ? { next: 'review' as const } : {}),
    transactionId: transactionId(t.transId),
    details: { responseCode: code },
    message: t.responseReasonDescription ?? '',
    historyNamesTransaction: true,
    ...(Number.isFinite(amount) ? { amountCents: Math.round(amount * 100) } : {}),
    ...(metadata ? { metadata } : {}),
    ...cardOf(t.payment?.creditCard?.cardNumber, t.payment?.creditCard?.cardType),
  };
}

export interface AuthorizeNetProvider extends PaymentProvider {
  readonly config: AuthorizeNetConfig;
}

export function authorizeNetProvider(cfg: AuthorizeNetConfig, fetchImpl: typeof fetch = fetch): AuthorizeNetProvider {
  const auth = { name: cfg.loginId, transactionKey: cfg.transactionKey };

  async function post(body: Record<string, unknown>): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(cfg.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(cfg.timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      if ((e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError')
        throw new AuthorizeNetError(AUTHORIZE_NET_TEXTS.timeout);
      throw e;
    }
    if (!res.ok) throw new AuthorizeNetError(`Authorize.Net answered HTTP ${res.status}`);
    try {
      return parseAnetJson(text);
    } catch {
      throw new AuthorizeNetError(AUTHORIZE_NET_TEXTS.unreadable);
    }
  }

  async function retrieve(id: string): Promise<ChargeResult> {
    const body = (await post({ getTransactionDetailsRequest: { merchantAuthentication: auth, transId: id } })) as {
      transaction?: AnetTransactionDetails;
      messages?: AnetMessages;
    };
    if (!body.transaction)
      throw Object.assign(new AuthorizeNetError(body.messages?.message?.[0]?.text ?? 'Transaction not found'), {
        statusCode: 404,
      });
    return resultOfDetails(body.transaction);
  }

  return {
    gateway: AUTHORIZE_NET_GATEWAY,
    config: cfg,
    answerFields: (r) => ({ transactionResponse: { responseCode: r.details?.responseCode ?? null } }),
    // Accept.js's names, and the schema's (loginId): never the transaction key.
    publicConfig: {
      acceptJsUrl: cfg.acceptJsUrl,
      clientKey: cfg.clientKey,
      apiLoginID: cfg.loginId,
      loginId: cfg.loginId,
    },
    cspHosts: (() => {
      const script = new URL(cfg.acceptJsUrl).origin;
      return { scriptSrc: [script], frameSrc: [script], connectSrc: [script, ...acceptApiOrigin(cfg.acceptJsUrl)] };
    })(),
    async charge(r) {
      // Element order as AnetApiSchema.xsd's transactionRequestType: amount, payment, order, customer, billTo, shipTo.
      const transactionRequest: Record<string, unknown> = {
        transactionType: 'authCaptureTransaction',
        amount: dollars(r.amountCents),
        payment: { opaqueData: { dataDescriptor: ACCEPT_DATA_DESCRIPTOR, dataValue: r.token } },
        order: {
          invoiceNumber: cut(r.orderIncrementId || r.metadata?.quoteIncrementId, 20),
          description: describeWithMetadata(r.description, r.metadata),
        },
        customer: { type: 'individual', email: cut(r.email, 255) },
        ...(r.billTo ? { billTo: billTo(r.billTo) } : {}),
        ...(r.shipTo ? { shipTo: shipTo(r.shipTo) } : {}),
      };
      let body: unknown;
      try {
        body = await post({
          createTransactionRequest: {
            merchantAuthentication: auth,
            refId: cut(String(r.paymentId), 20),
            transactionRequest,
          },
        });
      } catch (e) {
        // No usable answer: this attempt failed with a message the shopper can act on.
        if (e instanceof AuthorizeNetError)
          return {
            status: 'failed',
            transactionId: null,
            message: e.message === AUTHORIZE_NET_TEXTS.timeout ? e.message : AUTHORIZE_NET_TEXTS.unreadable,
          };
        throw e;
      }
      return resultOfTransaction(body as Parameters<typeof resultOfTransaction>[0]);
    },
    retrieve,
    // Unsettled transactions carry the invoice number we sent (the order number); the one of
    // this attempt has our payment id in its description's metadata. Looking never charges.
    async find(attempt) {
      const body = (await post({
        getUnsettledTransactionListRequest: {
          merchantAuthentication: auth,
          sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
          paging: { limit: 1000, offset: 1 },
        },
      })) as {
        transactions?: { transId?: string; invoiceNumber?: string }[];
        messages?: AnetMessages;
      };
      if (body.messages?.resultCode === 'Error')
        throw new AuthorizeNetError(body.messages.message?.[0]?.text ?? AUTHORIZE_NET_TEXTS.unreadable);
      for (const t of body.transactions ?? []) {
        if (!t.transId || t.invoiceNumber !== cut(attempt.orderIncrementId, 20)) continue;
        const r = await retrieve(t.transId);
        if (r.metadata?.paymentId === String(attempt.paymentId)) return r;
      }
      return undefined;
    },
  };
}

export const authorizeNetDescriptor: ProviderDescriptor<AuthorizeNetConfig> = {
  gateway: AUTHORIZE_NET_GATEWAY,
  fromEnv: authorizeNetConfigFromEnv,
  create: (config) => authorizeNetProvider(config),
  routes: (commerce, limits, gateway) => authorizeNetRoutes(commerce, limits, gateway),
  describe: (env) =>
    env.AUTHORIZE_NET_API_URL ? `${AUTHORIZE_NET_GATEWAY} (${env.AUTHORIZE_NET_API_URL})` : AUTHORIZE_NET_GATEWAY,
};
