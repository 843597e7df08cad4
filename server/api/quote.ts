/**
 * Quote payment links. The link's token (256 random bits) opens the quote. Two budgets per client
 * address and window (the pay limit's figures, PAY_RATE_LIMIT), counted in the database shared by
 * the servers:
 *
 * - guesses: a lookup (GET) the route refuses (quoteNotExist, tokenExpired, any 4xx) counts;
 *   beyond the budget every refused lookup is a 429, while a link that opens is never counted
 *   nor refused, so wrong guesses from an address (a shared office) do not lock its customer out.
 *   A right guess would open over budget too: the token's 256 bits make guessing hopeless, the
 *   budget caps the wrong answers (and lookups that find nothing) one address gets;
 * - payments: every pay and convertToOrder call counts, before the route runs, on a budget of
 *   its own: guesses do not use it up, nor payments the guesses.
 *
 * GET  /api/quote?quoteId=&token=
 *   -> 200 { success: true, quote: { id, quoteIncrementId, poNumber, firstName, lastName, email,
 *            status, expiresAt, addresses, shippingMethod, shippingLabel, items, additionalNotes,
 *            subtotal, shippingAmount, taxAmount, discountAmount, total, orderIncrementId } }
 *   -> 400 { success: false, message, errorType: 'quoteNotExist' } unknown quote or wrong token (the same answer)
 *   -> 400 { ..., errorType: 'tokenExpired' } expired or canceled link
 * POST /api/quote/pay { quoteId, token, paymentMethod, paymentToken }
 *   The gateway's token for the card (never a card); charges the quote's total with metadata
 *   quoteId, quoteIncrementId. -> 200 completed | 202 authentication (nextAction) | 402 declined:
 *   { success, status, message, transactionId, amount, method, methodLabel, nextAction?, paymentIntent }
 * POST /api/quote/convertToOrder { quoteId, token, payment: { transactionId, transactionResponse?,
 *   amount?, method, methodLabel?, status?, additionalData? } }
 *   The server asks the provider for the transaction itself; the payment object's figures are
 *   never taken. -> 200 { success, message, order: { id, orderIncrementId, payments: [{ id, ... }],
 *   email, status, additionalNotes, total }, adminEmail } (the same order on every repeat)
 *   -> 422 not completed, another amount, another quote's or order's payment; 409 reused or canceled
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { QUOTE_ERROR_TYPES, rowIdOf } from '../../engine/node.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Commerce } from '../commerce/index.ts';
import type { AppEnv } from '../http/env.ts';
import { noCardData } from '../http/no-card-data.ts';
import { idField, parseJson } from '../http/parse.ts';
import { addressMissLimit, addressRateLimit } from '../http/rate-limit.ts';
import { QuoteLinkError, quoteService } from '../quotes/quote-service.ts';

export const QUOTE_LIMIT_MESSAGE = 'Too many requests from your address. Please wait a few minutes and try again.';
const REQUIRED = 'This field is required';
const quoteId = idField(REQUIRED);
const token = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200);
const method = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100);
const payBody = z.object({
  quoteId,
  token,
  paymentMethod: method,
  paymentToken: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(255),
});
const convertBody = z.object({
  quoteId,
  token,
  payment: z
    .object({
      transactionId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(255),
      method,
      methodLabel: z.string().max(200).optional(),
      amount: z.number().finite().optional(),
      status: z.string().max(50).optional(),
      transactionResponse: z.unknown().optional(),
      additionalData: z.unknown().optional(),
    })
    .loose(),
});

export function quoteRoutes(deps: Pick<AppDeps, 'config' | 'log' | 'db'>, commerce: Commerce): Hono<AppEnv> {
  const quotes = quoteService(commerce);
  const limitOf = (what: string) => ({
    ...deps.config.payRateLimit,
    trustProxy: deps.config.trustProxy,
    log: deps.log,
    db: deps.db,
    message: QUOTE_LIMIT_MESSAGE,
    what,
  });
  const guesses = addressMissLimit(limitOf('quote link guesses'));
  const limit = addressRateLimit(limitOf('quote payments'));
  return new Hono<AppEnv>()
    .get('/', guesses, async (c) => {
      const id = rowIdOf(c.req.query('quoteId') ?? '');
      const t = c.req.query('token') ?? '';
      // A malformed link is a link to no quote.
      if (id === undefined || !t || t.length > 200) throw new QuoteLinkError(QUOTE_ERROR_TYPES.notFound);
      return c.json({ success: true, quote: await quotes.view(id, t) });
    })
    .post('/pay', limit, noCardData(), async (c) => {
      const b = await parseJson(c, payBody);
      const out = await quotes.pay(b);
      return c.json(out.body, out.httpStatus);
    })
    .post('/convertToOrder', limit, noCardData(), async (c) => {
      const b = await parseJson(c, convertBody);
      return c.json(await quotes.convert(b));
    });
}
