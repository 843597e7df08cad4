/**
 * Card data never reaches the shop: a JSON body on a payment route
 * that carries card fields (card, cardNumber, number, cvv, cvc, cardCode, cardCvc, expMonth ...)
 * is refused with 422 before any handler reads it, whatever else it holds. The browser hands the
 * card to the gateway's own script and sends the shop only the token it gets back.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

const CARD_KEYS = [
  'card',
  'cardNumber',
  'number',
  'cvv',
  'cvc',
  'cardCode',
  'cardCvc',
  'cardExpiry',
  'expMonth',
  'expYear',
] as const;
const CARD_REFUSED = 'Card details must be entered in the payment form, not sent to the shop.';

export function noCardData(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'POST' || c.req.method === 'PATCH' || c.req.method === 'PUT') {
      // Hono keeps the text it read, so the handler's parse reads the body no second time.
      const body = await c.req
        .text()
        .then(
          (t) => JSON.parse(t) as Record<string, unknown> | undefined,
          () => undefined,
        )
        .catch(() => undefined);
      const found =
        body && typeof body === 'object' && !Array.isArray(body) ? CARD_KEYS.find((k) => k in body) : undefined;
      if (found) throw new ApiError(422, CARD_REFUSED, { [found]: CARD_REFUSED });
    }
    await next();
  };
}
