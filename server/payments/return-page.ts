/**
 * The return page's call in the API's fixed words, the same for every provider:
 * POST /api/payment/{method}/verify { paymentIntentId, paymentIntentClientSecret } answers
 * { success, error?, status, transactionId, transactionResponse: { amount, responseCode?, message? }, metadata }.
 * A provider whose return URL carries its own parameters reads our references from them
 * (PaymentProvider.returnRef): the page sends its query string as `query`.
 */
import { z } from 'zod';
import type { VerifyResult } from '../commerce/pay.ts';
import type { PaymentProvider, ReturnRef } from './provider.ts';

const REQUIRED = 'This field is required';
const text = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);

const specFields = z.object({ paymentIntentId: text(200), paymentIntentClientSecret: text(300) });

/** The verify body for a method of this provider: `paymentIntentId` and `paymentIntentClientSecret`, unless the provider reads its own return parameters. */
export function returnBody(provider: PaymentProvider | undefined) {
  return z
    .object({
      paymentIntentId: z.unknown().optional(),
      paymentIntentClientSecret: z.unknown().optional(),
      query: z.record(z.string(), z.string().max(2000)).optional(),
    })
    .superRefine((b, ctx) => {
      if (b.query && provider?.returnRef?.(b.query)) return;
      const spec = specFields.safeParse(b);
      if (!spec.success)
        for (const issue of spec.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    });
}

/** The payment and transaction a verify body (checked by returnBody) names. */
export function returnRefOf(
  body: { paymentIntentId?: unknown; paymentIntentClientSecret?: unknown; query?: Record<string, string> },
  provider: PaymentProvider | undefined,
): ReturnRef {
  const own = body.query && provider?.returnRef?.(body.query);
  if (own) return own;
  const spec = specFields.parse(body);
  return { transactionId: spec.paymentIntentId, secret: spec.paymentIntentClientSecret };
}

/** The verify route's answer, its fields fixed by the API. */
export function verifyJson(v: VerifyResult) {
  const code = v.details.responseCode;
  return {
    success: v.success,
    ...(v.error ? { error: v.error } : {}),
    status: v.status,
    transactionId: v.transactionId,
    transactionResponse: {
      amount: v.amount,
      ...(typeof code === 'number' ? { responseCode: code } : {}),
      ...(v.message ? { message: v.message } : {}),
    },
    metadata: v.metadata,
  };
}
