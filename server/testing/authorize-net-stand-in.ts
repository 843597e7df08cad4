/**
 * A local stand-in for Authorize.Net's JSON API (POST {url} with createTransactionRequest or
 * getTransactionDetailsRequest), so the provider and the checkout run with no internet. It
 * answers as Authorize.Net does: JSON that starts with a UTF-8 byte-order mark, messages
 * { resultCode, message[] }, transactionResponse { responseCode, transId, accountNumber,
 * accountType, messages[] | errors[] }.
 *
 * The opaque data it accepts is what the fake Accept.js (tests/e2e/support/fake-accept.js) and
 * `opaqueValueFor` make: `FAKEACCEPT.{last 4 digits}.{random}`, so the test card picks the answer
 * and the full card number never leaves the browser. Test cards (last 4 digits):
 *   4111 1111 1111 1111  1 approved
 *   4000 0000 0000 0077  2 pending
 *   4000 0000 0000 0002  3 declined ("This transaction has been declined.")
 *   4000 0000 0000 9995  4 held for review
 *   4000 0000 0000 0259  no answer at all (the timeout test); released when the stand-in closes
 * A billing zip of 46282 declines any card (as Authorize.Net's own sandbox does).
 *
 * `requests` records every call (the parsed body); GET /__stand-in/requests lists them for a
 * browser test running in another process.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const ANET_TEST_CARDS = {
  approved: '4111111111111111',
  pending: '4000000000000077',
  declined: '4000000000000002',
  heldForReview: '4000000000009995',
  hang: '4000000000000259',
} as const;
const ANET_DECLINE_ZIP = '46282';
export const ANET_TEXTS = {
  approved: 'This transaction has been approved.',
  pending: 'This transaction is pending.',
  declined: 'This transaction has been declined.',
  heldForReview: 'Your order has been received. Thank you for your business!',
} as const;

/** The opaque value the fake Accept.js gives for a card: the last 4 digits and a nonce. */
export const opaqueValueFor = (cardNumber: string) =>
  `FAKEACCEPT.${cardNumber.replace(/\D/g, '').slice(-4)}.${randomBytes(6).toString('hex')}`;

export interface AnetRecordedRequest {
  kind: string;
  body: Record<string, any>;
}

export interface AnetStandInTransaction {
  transId: string;
  responseCode: number;
  amount: string;
  invoiceNumber: string;
  description: string;
  last4: string;
  message: string;
}

export interface AuthorizeNetStandIn {
  url: string;
  loginId: string;
  transactionKey: string;
  clientKey: string;
  requests: AnetRecordedRequest[];
  transactions: Map<string, AnetStandInTransaction>;
  /** The environment that points the shop at this stand-in. */
  env(acceptJsUrl?: string): Record<string, string>;
  close(): Promise<void>;
}

const BOM = '\uFEFF';
const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const error = (code: string, text: string) => ({ resultCode: 'Error', message: [{ code, text }] });

/** A transaction's status in the reporting API, by its response code. */
const STATUS: Record<number, string> = {
  1: 'capturedPendingSettlement',
  2: 'underReview',
  3: 'declined',
  4: 'FDSPendingReview',
};
const MESSAGE: Record<number, string> = {
  1: ANET_TEXTS.approved,
  2: ANET_TEXTS.pending,
  3: ANET_TEXTS.declined,
  4: ANET_TEXTS.heldForReview,
};

const send = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(BOM + JSON.stringify(body));
};

/** The response code a test card gets (1 approved, 2 pending, 3 declined, 4 held); the decline zip declines any. */
function responseCodeFor(last4: string, zip: unknown): number {
  if (zip === ANET_DECLINE_ZIP) return 3;
  if (last4 === ANET_TEST_CARDS.pending.slice(-4)) return 2;
  if (last4 === ANET_TEST_CARDS.declined.slice(-4)) return 3;
  if (last4 === ANET_TEST_CARDS.heldForReview.slice(-4)) return 4;
  return 1;
}

/** createTransactionResponse for a recorded transaction. */
function transactionAnswer(t: AnetStandInTransaction, refId: unknown) {
  const code = t.responseCode;
  return {
    transactionResponse: {
      responseCode: String(code),
      authCode: code === 1 ? 'ABC123' : '',
      transId: t.transId,
      refTransID: '',
      testRequest: '0',
      accountNumber: `XXXX${t.last4}`,
      accountType: 'Visa',
      ...(code === 3
        ? { errors: [{ errorCode: '2', errorText: t.message }] }
        : { messages: [{ code: code === 4 ? '252' : '1', description: t.message }] }),
    },
    refId,
    messages: code === 3 ? error('E00027', 'The transaction was unsuccessful.') : ok,
  };
}

/** getTransactionDetailsResponse for a recorded transaction. */
function detailsAnswer(t: AnetStandInTransaction) {
  return {
    transaction: {
      transId: t.transId,
      transactionType: 'authCaptureTransaction',
      transactionStatus: STATUS[t.responseCode],
      responseCode: t.responseCode,
      responseReasonDescription: t.message,
      authAmount: Number(t.amount),
      // orderExType as the real answer gives it: the invoice number and description the charge sent.
      order: { invoiceNumber: t.invoiceNumber, description: t.description },
      payment: { creditCard: { cardNumber: `XXXX${t.last4}`, cardType: 'Visa' } },
    },
    messages: ok,
  };
}

/** The stand-in's state (keys, transactions, held answers) and one method per API request. */
class AuthorizeNetStandInServer implements AuthorizeNetStandIn {
  url = '';
  readonly loginId: string;
  readonly transactionKey: string;
  readonly clientKey: string;
  readonly requests: AnetRecordedRequest[] = [];
  readonly transactions = new Map<string, AnetStandInTransaction>();
  /** Answers held open (the hang card) until the stand-in closes. */
  private readonly hanging = new Set<ServerResponse>();
  private nextId = 60_000_000_001;
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  constructor(o: { loginId?: string; transactionKey?: string; clientKey?: string }) {
    this.loginId = o.loginId ?? 'standInLogin';
    this.transactionKey = o.transactionKey ?? 'standInTransactionKey';
    this.clientKey = o.clientKey ?? 'standInPublicClientKey';
  }

  async listen(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/xml/v1/request.api`;
    return this;
  }

  env(acceptJsUrl = 'https://jstest.authorize.net/v1/Accept.js'): Record<string, string> {
    return {
      AUTHORIZE_NET_LOGIN_ID: this.loginId,
      AUTHORIZE_NET_TRANSACTION_KEY: this.transactionKey,
      AUTHORIZE_NET_CLIENT_KEY: this.clientKey,
      AUTHORIZE_NET_API_URL: this.url,
      AUTHORIZE_NET_ACCEPT_JS_URL: acceptJsUrl,
    };
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'GET' && req.url === '/__stand-in/requests') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(this.requests));
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, any>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(res, { messages: error('E00001', 'An error occurred during processing. Please try again.') });
    }
    const kind = Object.keys(body)[0] ?? '';
    const r = body[kind] ?? {};
    this.requests.push({ kind, body });
    const auth = r.merchantAuthentication;
    if (auth?.name !== this.loginId || auth?.transactionKey !== this.transactionKey)
      return send(res, {
        messages: error('E00007', 'User authentication failed due to invalid authentication values.'),
      });
    if (kind === 'createTransactionRequest') return this.createTransaction(res, r.refId, r.transactionRequest ?? {});
    if (kind === 'getTransactionDetailsRequest') return this.details(res, r.transId);
    if (kind === 'getUnsettledTransactionListRequest') return this.unsettled(res);
    send(res, { messages: error('E00003', `The element '${kind}' is not supported by the stand-in.`) });
  }

  private createTransaction(res: ServerResponse, refId: unknown, tr: Record<string, any>) {
    const value = String(tr.payment?.opaqueData?.dataValue ?? '');
    const m = /^FAKEACCEPT\.(\d{4})\.[0-9a-f]+$/.exec(value);
    if (tr.payment?.opaqueData?.dataDescriptor !== 'COMMON.ACCEPT.INAPP.PAYMENT' || !m)
      return send(res, { refId, messages: error('E00114', 'Invalid OTS Token.') });
    const last4 = m[1]!;
    if (last4 === ANET_TEST_CARDS.hang.slice(-4)) {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    const code = responseCodeFor(last4, tr.billTo?.zip);
    const transId = String(this.nextId++);
    const t: AnetStandInTransaction = {
      transId,
      responseCode: code,
      amount: String(tr.amount),
      invoiceNumber: String(tr.order?.invoiceNumber ?? ''),
      description: String(tr.order?.description ?? ''),
      last4,
      message: MESSAGE[code]!,
    };
    this.transactions.set(transId, t);
    send(res, transactionAnswer(t, refId));
  }

  private details(res: ServerResponse, transId: unknown) {
    const t = this.transactions.get(String(transId));
    if (!t) return send(res, { messages: error('E00040', 'The record cannot be found.') });
    send(res, detailsAnswer(t));
  }

  /** getUnsettledTransactionListResponse: newest first, with the invoice number each charge sent. */
  private unsettled(res: ServerResponse) {
    const list = [...this.transactions.values()].reverse().map((t) => ({
      transId: t.transId,
      transactionStatus: STATUS[t.responseCode],
      invoiceNumber: t.invoiceNumber,
      accountType: 'Visa',
      accountNumber: `XXXX${t.last4}`,
      settleAmount: Number(t.amount),
    }));
    send(res, { transactions: list, totalNumInResultSet: list.length, messages: ok });
  }
}

export function startAuthorizeNetStandIn(
  o: { loginId?: string; transactionKey?: string; clientKey?: string } = {},
): Promise<AuthorizeNetStandIn> {
  return new AuthorizeNetStandInServer(o).listen();
}
