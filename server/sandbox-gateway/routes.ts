/**
 * The sandbox gateway's own routes, under /sandbox-gateway/ (outside the shop's /api/):
 *
 * GET  /sandbox-gateway/v1/tokenizer.js     its browser script (window.SandboxGateway.createToken)
 * POST /sandbox-gateway/v1/tokens           JSON { number, expMonth, expYear, cvv }
 *   -> 201 { id: 'tok_sandbox_...', card: { brand, last4 } }
 *   -> 422 { error: { message, errors: { number?, expMonth?, expYear?, cvv? } } }
 * GET  /sandbox-gateway/authenticate/:intentId?client_secret=...
 *   Its stand-in for the bank's authentication page (test card 4000 0025 0000 3155): amount,
 *   card, Approve / Decline. HTML; 404 for an unknown link.
 * POST the same URL (form: client_secret, decision=approve|decline)
 *   -> 303 to the shop's return URL with ?payment_intent=...&payment_intent_client_secret=...
 */
import { Hono, type Context } from 'hono';
import { escapeHtml as esc, formatPrice, fromCents } from '../../engine/node.ts';
import { SandboxGatewayError, returnTo, type SandboxGateway } from './gateway.ts';
import { TOKENIZER_SCRIPT } from './tokenizer-script.ts';

/** Its own icon, inline: a browser asks a page with none for /favicon.ico. */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="2" y="7" width="12" height="8" rx="1.5" fill="#1d4ed8"/><path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="#1d4ed8" stroke-width="2"/></svg>',
)}`;

/**
 * Its page. It takes part in the shop's cross-document view transitions (@view-transition, as
 * engine/client/base.css): being on the shop's origin, a page that does not is the end of a
 * transition Chromium aborts with an uncaught InvalidStateError.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title>
<link rel="icon" href="${ICON}">
<style>@media (prefers-reduced-motion:no-preference){@view-transition{navigation:auto}}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#eef1f5;color:#1b1f24}main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #c9d1db;border-radius:8px}h1{font-size:1.4rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#4b5563}dd{margin:0;font-weight:600}.actions{display:flex;gap:.75rem;margin-top:1.5rem}button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:2px solid #1d4ed8;cursor:pointer;text-decoration:none}button[value=approve],a.button{background:#1d4ed8;color:#fff}button[value=decline]{background:#fff;color:#1d4ed8}button:focus-visible,a:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}.note{color:#4b5563;font-size:.9rem}</style>
</head><body><main>${body}</main></body></html>`;
}

/** A card field as the tokenizer takes it: strings and numbers as text, anything else empty. */
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
};

export function sandboxGatewayRoutes(gateway: SandboxGateway): Hono {
  const notFound = (c: Context) =>
    c.html(
      page(
        'Link not valid',
        '<h1>This authentication link is not valid</h1><p>Go back to the shop and try the payment again.</p>',
      ),
      404,
    );

  return new Hono()
    .get('/v1/tokenizer.js', (c) => {
      c.header('Content-Type', 'application/javascript; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(TOKENIZER_SCRIPT);
    })
    .post('/v1/tokens', async (c) => {
      c.header('Cache-Control', 'no-store');
      const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object') return c.json({ error: { message: 'Malformed JSON' } }, 400);
      try {
        return c.json(
          await gateway.createToken({
            number: str(body.number),
            expMonth: str(body.expMonth),
            expYear: str(body.expYear),
            cvv: str(body.cvv),
          }),
          201,
        );
      } catch (e) {
        if (e instanceof SandboxGatewayError)
          return c.json({ error: { message: e.message, ...(e.errors ? { errors: e.errors } : {}) } }, e.status);
        throw e;
      }
    })
    .get('/authenticate/:intentId', async (c) => {
      const secret = c.req.query('client_secret') ?? '';
      const intent = await gateway.forSecret(c.req.param('intentId'), secret);
      if (!intent) return notFound(c);
      const details = `<dl><dt>Order</dt><dd>#${esc(intent.metadata.orderIncrementId ?? '')}</dd><dt>Amount</dt><dd>${esc(formatPrice(fromCents(intent.amountCents)))}</dd><dt>Card</dt><dd>${esc(BRANDS[intent.card.brand] ?? 'Card')} ending in ${esc(intent.card.last4)}</dd></dl>`;
      if (intent.status !== 'requires_action')
        return c.html(
          page(
            'Payment authentication',
            `<h1>This payment is no longer waiting for authentication</h1>${details}<div class="actions"><a class="button" href="${esc(returnTo(intent.returnUrl ?? '/', intent.id, secret))}">Continue</a></div>`,
          ),
        );
      return c.html(
        page(
          'Confirm your card payment',
          `<h1>Confirm your card payment</h1><p class="note">Sandbox gateway: this page stands in for your bank's security check. No real card is charged.</p>${details}
<form method="post"><input type="hidden" name="client_secret" value="${esc(secret)}"><div class="actions"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="decline">Decline</button></div></form>`,
        ),
      );
    })
    .post('/authenticate/:intentId', async (c) => {
      if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? ''))
        return c.json({ error: { message: 'Content-Type must be application/x-www-form-urlencoded' } }, 415);
      const form = await c.req.parseBody();
      const decision = form.decision;
      if (decision !== 'approve' && decision !== 'decline')
        return c.json({ error: { message: 'Choose Approve or Decline' } }, 422);
      const next = await gateway.authenticate(
        c.req.param('intentId'),
        typeof form.client_secret === 'string' ? form.client_secret : '',
        decision === 'approve',
      );
      return next ? c.redirect(next, 303) : notFound(c);
    });
}
