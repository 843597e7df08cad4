/** The stored payments a request names (by its provider transaction, by a return link's secret) and their provider. */
import { PAYMENT_MESSAGES } from '../../engine/node.ts';
import { prepared } from '../db/prepared.ts';
import type { Db, PaymentRow } from '../db/schema.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { sameHash } from '../tokens.ts';
import type { CommerceContext } from './context.ts';
import { CommerceError } from './errors.ts';
import { hashOrderToken } from './order-token.ts';

/** The order's payment of a provider transaction (of one gateway, when named). */
export const paymentOfTransaction = prepared(
  (db, $: { orderId: number; transactionId: string; gateway?: string }, like) => {
    const q = db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', $.orderId)
      .where('transaction_id', '=', $.transactionId);
    return like.gateway === undefined ? q : q.where('gateway', '=', $.gateway!);
  },
  (p) => (p.gateway === undefined ? 0 : 1),
);

/** The provider of a stored payment (503 when this server no longer has it). */
export function providerOf(ctx: CommerceContext, p: PaymentRow): PaymentProvider {
  const provider = ctx.deps.providers[p.gateway];
  if (!provider) throw new CommerceError('unavailable', PAYMENT_MESSAGES.notAvailable);
  return provider;
}

/** The payment of a return link, when the secret is its client secret. */
export async function paymentForSecret(
  db: Db,
  transactionId: string,
  clientSecret: string,
): Promise<PaymentRow | undefined> {
  if (!transactionId || !clientSecret) return undefined;
  const p = await db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
  return p?.client_secret_hash && sameHash(p.client_secret_hash, hashOrderToken(clientSecret)) ? p : undefined;
}
