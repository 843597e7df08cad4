/**
 * Guest checkout on the server: orders priced from the catalogue and the site's tables, order
 * tokens and idempotency, payments through the providers, confirmation e-mails via the outbox.
 *
 *   const checkout = createCommerce({ db, clock, log, outbox, data: commerceDataSource(siteDir), providers, shop });
 *   await checkout.orders.create(request);      // { order, orderToken, created }
 *   await checkout.payments.pay({ id, token, paymentToken });   // the gateway's token, never a card
 */
import { CommerceContext, type CommerceDeps } from './context.ts';
import { registerOrderMailHooks } from './mail-hooks.ts';
import { orderService } from './orders.ts';
import { paymentService } from './pay.ts';
import { loadZipStates } from './zip-state.ts';
import { quotePaid, quoteRefs } from '../quotes/quote-paid.ts';

export function createCommerce(deps: CommerceDeps) {
  loadZipStates(); // at start, not on the first checkout request
  const ctx = new CommerceContext(deps);
  // A quote's order paid: the quote is paid (every server and CLI that settles payments).
  ctx.onOrderPaid(quotePaid);
  ctx.onOrderRefs(quoteRefs);
  const orders = orderService(ctx);
  const payments = paymentService(ctx, orders);
  const unhook = registerOrderMailHooks(deps.outbox, deps.db, deps.clock);
  return { ctx, orders, payments, close: unhook };
}

export type Commerce = ReturnType<typeof createCommerce>;
export { COMMERCE_TEXTS, type CommerceDeps } from './context.ts';
export type { PayOutcome } from './pay.ts';
