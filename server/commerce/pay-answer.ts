/**
 * What a pay step answers: the HTTP outcome of a settled payment, the held payment's answer
 * again, the return page's result, and the history comment of a settled answer.
 */
import {
  formatPrice,
  fromCents,
  PAYMENT_MESSAGES,
  paymentFailedComment,
  transactionFailedComment,
} from '../../engine/node.ts';
import type { PaymentRow } from '../db/schema.ts';
import type { ChargeResult, NextAction } from '../payments/provider.ts';
import {
  additionalData,
  CANCELED_AUTHENTICATION,
  isAwaitingAuthentication,
  type OrderRefs,
  wasCanceledWhileWaiting,
} from './context.ts';
import { incrementIdFor, paymentView, type OrderView, type PaymentView } from './order-store.ts';

export const PAY_TEXTS = {
  completed: 'Payment successful',
  heldForReview: 'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
  amountMismatch: 'The amount the provider reports does not match the order total.',
  neverCharged: 'The payment did not reach the payment provider; nothing was charged.',
  authenticationLost:
    'The card holder could not be asked to authenticate this payment; it was canceled and nothing was charged.',
  noLookup:
    'The answer of the payment provider was lost and it cannot be looked up automatically: check the payment at the provider.',
} as const;

export interface PayOutcome {
  /** 200 completed, 202 waiting (authentication or review), 402 failed. */
  httpStatus: 200 | 202 | 402;
  body: {
    success: boolean;
    message: string;
    status: PaymentView['status'];
    /** The card holder must act: the provider's own next action. */
    nextAction?: NextAction;
    order: OrderView;
    payment: PaymentView;
  };
  /** The provider's answer (the Stripe routes show its intent). */
  result: ChargeResult;
}

/** The return page's answer in neutral words (server/payments/verify-answer.ts shapes the API's JSON). */
export interface VerifyResult {
  success: boolean;
  error?: string;
  status: PaymentView['status'];
  transactionId: string | null;
  amount: number;
  message?: string;
  /** The provider's own words, as stored with the payment. */
  details: Record<string, string | number>;
  metadata: OrderRefs & { orderId: number; orderIncrementId: string; paymentId: number };
}

export interface Settled {
  payment: PaymentRow;
  order: OrderView;
  /** false when the payment already had this outcome (a repeat: nothing changed). */
  changed: boolean;
}

export function historyComment(orderId: number, p: PaymentRow, result: ChargeResult): string {
  const amount = formatPrice(fromCents(p.amount_cents));
  const ref = result.transactionId ? ` (transaction ${result.transactionId})` : '';
  if (result.status === 'completed') return `Payment of ${amount} completed by ${p.method_label}${ref}.`;
  if (result.status === 'failed')
    return result.historyNamesTransaction && result.transactionId
      ? transactionFailedComment(result.transactionId, result.message)
      : paymentFailedComment(incrementIdFor(orderId), result.message);
  if (result.next === 'authenticate') return `Payment of ${amount} awaits the card holder's authentication${ref}.`;
  return `Payment of ${amount} is ${result.status === 'on_hold' ? 'held for review' : 'pending'}${ref}: ${result.message}`;
}

export function outcome(s: Settled, result: ChargeResult): PayOutcome {
  const view = paymentView(s.payment);
  const status = s.payment.status;
  const base = { status, order: s.order, payment: view };
  if (status === 'completed')
    return { httpStatus: 200, result, body: { success: true, message: PAY_TEXTS.completed, ...base } };
  if (status === 'failed')
    return {
      httpStatus: 402,
      result,
      body: {
        success: false,
        message: (additionalData(s.payment).message as string) || PAYMENT_MESSAGES.failed,
        ...base,
      },
    };
  const nextAction = result.handoff?.nextAction;
  if (result.next === 'authenticate' && nextAction)
    return {
      httpStatus: 202,
      result,
      body: {
        success: false,
        message: PAYMENT_MESSAGES.additionalAuthentication,
        nextAction,
        ...base,
      },
    };
  return {
    httpStatus: 202,
    result,
    body: {
      success: false,
      message: status === 'on_hold' ? PAY_TEXTS.heldForReview : result.message || PAY_TEXTS.heldForReview,
      ...base,
    },
  };
}

/**
 * The answer for an order whose payment is held for review, to any later pay request of it (a
 * replay, another tab, another card): the held payment's own answer again; nothing is charged.
 */
export function heldAnswer(p: PaymentRow, order: OrderView): PayOutcome {
  const extra = additionalData(p);
  const result: ChargeResult = {
    status: p.status,
    next: 'review',
    transactionId: p.transaction_id,
    message: typeof extra.message === 'string' ? extra.message : PAY_TEXTS.heldForReview,
    details: storedDetails(extra),
  };
  return outcome({ payment: p, order, changed: false }, result);
}

/** The provider's words a payment's data keeps (opaque here: passed back to the provider's own answer fields). */
const storedDetails = (extra: Record<string, unknown>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(extra).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<
    string,
    string | number
  >;

/** The return page's answer for a payment of this order (and what else the order belongs to: its quote). */
export function verifyAnswer(
  p: PaymentRow,
  order: { id: number; order_increment_id: string | null },
  refs: OrderRefs,
): VerifyResult {
  const extra = additionalData(p);
  const message = typeof extra.message === 'string' ? extra.message : undefined;
  const error =
    p.status === 'completed'
      ? undefined
      : isAwaitingAuthentication(p)
        ? PAYMENT_MESSAGES.additionalAuthentication
        : wasCanceledWhileWaiting(p)
          ? CANCELED_AUTHENTICATION
          : p.status === 'failed'
            ? message || PAYMENT_MESSAGES.failed
            : PAY_TEXTS.heldForReview;
  return {
    success: p.status === 'completed',
    ...(error ? { error } : {}),
    status: p.status,
    transactionId: p.transaction_id,
    amount: fromCents(p.amount_cents),
    ...(message ? { message } : {}),
    details: storedDetails(extra),
    metadata: {
      orderId: order.id,
      orderIncrementId: order.order_increment_id ?? String(order.id),
      paymentId: p.id,
      ...refs,
    },
  };
}
