/**
 * One payment attempt through the chosen method's gateway, for the checkout and the quote page
 * alike: the card becomes a token at the provider, the shop's API is asked to pay with it, and the
 * answer (with any hand-off the gateway finishes) becomes an outcome the page shows. Every amount
 * and state comes from the server.
 */
import { PAYMENT_MESSAGES } from '../commerce/messages.ts';
import { callApi, type ApiResult } from './checkout-client.ts';
import type { PayAnswer, PayOutcome, PayRequest, PaySubject, PayUi } from './gateways/gateway.ts';
import { loadGateway } from './gateways/registry.ts';

/** The shop's own pay route for a token: the order's, or the quote's. */
function shopPayCall(req: PayRequest, paymentToken: string) {
  const { subject, method } = req;
  return subject.kind === 'order'
    ? {
        url: '/api/order/pay',
        body: { id: subject.id, token: subject.token, paymentMethod: method.name, paymentToken },
      }
    : {
        url: '/api/quote/pay',
        body: { quoteId: subject.id, token: subject.token, paymentMethod: method.name, paymentToken },
      };
}

/** A pay answer in the shop's words: paid, an authentication page to go to, held, or failed. */
function readPayAnswer(r: ApiResult<PayAnswer>, subject: PaySubject): PayOutcome {
  if (r.status === 0) return { kind: 'failed', message: PAYMENT_MESSAGES.processingError };
  const b = r.body;
  if (r.status === 200 && (subject.kind === 'order' ? b.success && b.order : b.transactionId))
    return { kind: 'paid', answer: b };
  if (r.status === 202 && b.nextAction?.url) return { kind: 'redirect', url: b.nextAction.url };
  if (r.status === 202)
    return { kind: 'held', answer: b, message: b.message || PAYMENT_MESSAGES.additionalAuthentication };
  return {
    kind: 'failed',
    message: b.message || PAYMENT_MESSAGES.failed,
    errors: r.status === 422 ? b.errors : undefined,
  };
}

export async function payThrough(req: PayRequest, ui: PayUi): Promise<PayOutcome> {
  const load = loadGateway(req.method);
  if (!load) return { kind: 'failed', message: PAYMENT_MESSAGES.notAvailable };
  try {
    const gateway = await load.catch(() => undefined);
    if (!gateway) return { kind: 'failed', message: PAYMENT_MESSAGES.notAvailable };
    const t = await gateway.tokenize(req);
    if ('error' in t) return { kind: 'failed', message: t.error, errors: t.fieldErrors };
    const call = gateway.payCall?.(req, t) ?? shopPayCall(req, t.token);
    const r = await callApi<PayAnswer>(call.url, 'POST', call.body);
    return gateway.finish ? await gateway.finish(r, req, ui) : readPayAnswer(r, req.subject);
  } catch {
    return { kind: 'failed', message: PAYMENT_MESSAGES.handlingError };
  }
}
