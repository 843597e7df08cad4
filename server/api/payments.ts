/**
 * Payment steps after POST /api/order/pay:
 *
 * GET  /api/payment/sandbox/authenticate/:transactionId?client_secret=...
 *   The sandbox's stand-in for the bank's authentication page (test card 4000 0025 0000 3155):
 *   order, amount, card, and Approve / Decline buttons. HTML, 404 for an unknown link.
 * POST the same URL (form: client_secret, decision=approve|decline)
 *   -> 303 to /payment/{paymentMethod}/verify?payment_intent=...&payment_intent_client_secret=...
 *   Approve completes the payment (order ordered, e-mails queued); decline fails it.
 *
 * POST /api/payment/:paymentMethod/verify  { paymentIntentId, paymentIntentClientSecret }
 *   -> 200 { success, error?, status, transactionId, transactionResponse: { amount, responseCode?, message? },
 *            metadata: { orderId, orderIncrementId, paymentId } }   (the return page goes to
 *            /payment/fail when success is false)
 *   -> 404 unknown payment or wrong secret; 422 missing fields
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { formatPrice } from '../../engine/catalog/price.ts';
import type { Commerce } from '../commerce/index.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { parseJson } from '../http/parse.ts';

const verifyBody = z.object({
  paymentIntentId: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(200),
  paymentIntentClientSecret: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(300),
});

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f2ec;color:#1f1d1a}main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #d9d1c5;border-radius:8px}h1{font-size:1.4rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#5c554d}dd{margin:0;font-weight:600}.actions{display:flex;gap:.75rem;margin-top:1.5rem}button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:2px solid #7a4a1f;cursor:pointer;text-decoration:none}button[value=approve],a.button{background:#7a4a1f;color:#fff}button[value=decline]{background:#fff;color:#7a4a1f}button:focus-visible,a:focus-visible{outline:3px solid #1f1d1a;outline-offset:2px}.note{color:#5c554d;font-size:.9rem}</style>
</head><body><main>${body}</main></body></html>`;
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB' };

export function paymentsRoutes(commerce: Commerce, siteName: string): Hono<AppEnv> {
  const { payments } = commerce;
  const notFound = (c: Context) =>
    c.html(page('Link not valid', '<h1>This authentication link is not valid</h1><p>Go back to the checkout and try the payment again.</p><p><a href="/checkout">Back to checkout</a></p>'), 404);

  return new Hono<AppEnv>()
    .get('/sandbox/authenticate/:transactionId', async (c) => {
      const found = await payments.authentication(c.req.param('transactionId'), c.req.query('client_secret') ?? '');
      if (!found) return notFound(c);
      const { order, payment, waiting, verifyUrl } = found;
      const card = payment.additionalData as { brand?: string; last4?: string };
      const details = `<dl><dt>Shop</dt><dd>${esc(siteName)}</dd><dt>Order</dt><dd>#${esc(order.orderIncrementId)}</dd><dt>Amount</dt><dd>${esc(formatPrice(payment.amount))}</dd><dt>Card</dt><dd>${esc(BRANDS[card.brand ?? ''] ?? 'Card')} ending in ${esc(card.last4 ?? '')}</dd></dl>`;
      if (!waiting)
        return c.html(page('Payment authentication', `<h1>This payment is no longer waiting for authentication</h1>${details}<div class="actions"><a class="button" href="${esc(verifyUrl)}">Continue</a></div>`));
      return c.html(
        page(
          'Confirm your card payment',
          `<h1>Confirm your card payment</h1><p class="note">Sandbox: this page stands in for your bank's security check. No real card is charged.</p>${details}
<form method="post"><input type="hidden" name="client_secret" value="${esc(c.req.query('client_secret') ?? '')}"><div class="actions"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="decline">Decline</button></div></form>`,
        ),
      );
    })
    .post('/sandbox/authenticate/:transactionId', async (c) => {
      if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) throw new ApiError(415, 'Content-Type must be application/x-www-form-urlencoded');
      const form = await c.req.parseBody();
      const decision = form.decision;
      if (decision !== 'approve' && decision !== 'decline') throw new ApiError(422, 'Choose Approve or Decline', { decision: 'This field is required' });
      const next = await payments.authenticate(c.req.param('transactionId'), typeof form.client_secret === 'string' ? form.client_secret : '', decision === 'approve');
      return next ? c.redirect(next, 303) : notFound(c);
    })
    .post('/:paymentMethod/verify', async (c) => {
      const body = await parseJson(c, verifyBody);
      return c.json(await payments.verify(c.req.param('paymentMethod'), body.paymentIntentId, body.paymentIntentClientSecret));
    });
}
