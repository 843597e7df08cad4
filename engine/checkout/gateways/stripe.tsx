/**
 * The Stripe gateway: Stripe's hosted card fields (card number, expiry, CVC). Stripe.js is loaded
 * through `@stripe/stripe-js/pure` only when the fields mount (the Stripe method is shown), so no
 * other page fetches anything from Stripe. The card goes from Stripe's fields to Stripe; the page
 * gets a PaymentMethod id and sends the shop only that. An order's payment intent is created and
 * confirmed by the shop's Stripe route; the intent's status in the answer says what comes next
 * (confirmation, 3-D Secure, capture), each step read back from the server.
 *
 * Messages: Card number is incomplete or invalid, Expiry date is incomplete or invalid, CVC is
 * incomplete or invalid; and Stripe.js not ready.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentIntentResult, Stripe, StripeCardNumberElement, StripeElementChangeEvent } from '@stripe/stripe-js';
import { CARD_MESSAGES, PAYMENT_MESSAGES, unexpectedPaymentStatus } from '../../commerce/messages.ts';
import { callApi, type ApiResult } from '../checkout-client.ts';
import styles from '../checkout.module.css';
import {
  HOSTED_PREFIX,
  type BrowserGateway,
  type HostedFieldsProps,
  type HostedHandle,
  type PayAnswer,
  type PayOutcome,
  type PayRequest,
  type PayUi,
} from './gateway.ts';

type Part = 'cardNumber' | 'cardExpiry' | 'cardCvc';
const PARTS: readonly Part[] = ['cardNumber', 'cardExpiry', 'cardCvc'];
const LABELS: Record<Part, string> = { cardNumber: 'Card Number', cardExpiry: 'Expiry Date', cardCvc: 'CVC' };
const MESSAGES: Record<Part, string> = {
  cardNumber: CARD_MESSAGES.hostedNumber,
  cardExpiry: CARD_MESSAGES.hostedExpiry,
  cardCvc: CARD_MESSAGES.hostedCvc,
};

interface StripeCardHandle extends HostedHandle {
  /** The card as a PaymentMethod (the card goes to Stripe only). */
  createPaymentMethod(billing: {
    name: string;
    email: string;
    phone: string;
  }): Promise<{ id: string } | { error: string }>;
  confirmCardPayment(clientSecret: string): Promise<PaymentIntentResult>;
  handleNextAction(clientSecret: string): Promise<{ error?: { message?: string } }>;
}

let stripePromise: { key: string; promise: Promise<Stripe | null> } | undefined;
/** One Stripe.js per page and key. */
function stripeFor(key: string): Promise<Stripe | null> {
  if (!stripePromise || stripePromise.key !== key)
    stripePromise = { key, promise: import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key)) };
  return stripePromise.promise;
}

function StripeFields({ method, errors, onChange, handle }: HostedFieldsProps) {
  const publishableKey = method.config?.publishableKey ?? '';
  const uid = useId();
  const boxes = useRef<Record<Part, HTMLDivElement | null>>({ cardNumber: null, cardExpiry: null, cardCvc: null });
  const complete = useRef<Record<Part, boolean>>({ cardNumber: false, cardExpiry: false, cardCvc: false });
  const stripe = useRef<Stripe | null>(null);
  const number = useRef<StripeCardNumberElement | null>(null);
  const fields = useRef<Partial<Record<Part, { focus(): void }>>>({});
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  // biome-ignore lint/correctness/useExhaustiveDependencies: onChange only clears an error: a new function each render is the same behaviour
  useEffect(() => {
    let live = true;
    const mounted: { destroy(): void }[] = [];
    stripeFor(publishableKey)
      .then((s) => {
        if (!live) return;
        if (!s) return setState('failed');
        stripe.current = s;
        const elements = s.elements();
        for (const part of PARTS) {
          const el = elements.create(part as 'cardNumber');
          el.on('change', (e: StripeElementChangeEvent) => {
            complete.current[part] = e.complete && !e.error;
            onChange(`${HOSTED_PREFIX}${part}`);
          });
          el.mount(boxes.current[part]!);
          mounted.push(el);
          fields.current[part] = el;
          if (part === 'cardNumber') number.current = el;
        }
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      for (const el of mounted) el.destroy();
      number.current = null;
      fields.current = {};
    };
  }, [publishableKey]);

  const notReady = (): never => {
    throw new Error(PAYMENT_MESSAGES.stripeNotReady);
  };

  const api: StripeCardHandle = {
    validate() {
      if (!stripe.current) return { [`${HOSTED_PREFIX}cardNumber`]: PAYMENT_MESSAGES.stripeNotReady };
      const out: Record<string, string> = {};
      for (const part of PARTS) if (!complete.current[part]) out[`${HOSTED_PREFIX}${part}`] = MESSAGES[part];
      return out;
    },
    async createPaymentMethod(billing) {
      if (!stripe.current || !number.current) return { error: PAYMENT_MESSAGES.stripeNotReady };
      const r = await stripe.current.createPaymentMethod({
        type: 'card',
        card: number.current,
        billing_details: billing,
      });
      return r.paymentMethod ? { id: r.paymentMethod.id } : { error: r.error?.message || PAYMENT_MESSAGES.error };
    },
    confirmCardPayment: (secret) => (stripe.current ? stripe.current.confirmCardPayment(secret) : notReady()),
    handleNextAction: (secret) =>
      stripe.current ? stripe.current.handleNextAction({ clientSecret: secret }) : notReady(),
    focus(key) {
      fields.current[key.slice(HOSTED_PREFIX.length) as Part]?.focus();
    },
  };
  if (typeof handle === 'function') handle(api);
  else if (handle) (handle as { current: StripeCardHandle | null }).current = api;

  return (
    <div className={styles.grid}>
      {state === 'failed' && (
        <p className={styles.alert} role="alert">
          {PAYMENT_MESSAGES.stripeNotReady}
        </p>
      )}
      {PARTS.map((part) => {
        const error = errors[`${HOSTED_PREFIX}${part}`];
        return (
          <div key={part} className={styles.field}>
            <span id={`${uid}-${part}-label`} className={styles.label}>
              {LABELS[part]} <span aria-hidden="true">*</span>
            </span>
            {/* biome-ignore lint/a11y/useSemanticElements: Stripe mounts its field's frame in this box */}
            <div
              ref={(el) => {
                boxes.current[part] = el;
              }}
              id={`${uid}-${part}`}
              className={styles.hosted}
              role="group"
              aria-labelledby={`${uid}-${part}-label`}
              aria-describedby={error ? `${uid}-${part}-error` : undefined}
              aria-busy={state === 'loading' || undefined}
              data-stripe-field={part}
            />
            {error && (
              <p id={`${uid}-${part}-error`} className={styles.fieldError}>
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

interface StripeAnswer extends PayAnswer {
  paymentIntent?: { id?: string | null; status?: string | null; client_secret?: string | null };
}

const ROUTE = '/api/payment/stripe';
const failed = (message: string, errors?: Record<string, string>): PayOutcome => ({ kind: 'failed', message, errors });

/**
 * The card intent's handling. An order's every step is read back from the server (which
 * settles from what Stripe says); a quote's payment is checked by the server when it converts.
 */
async function finishIntent(
  r: ApiResult<StripeAnswer>,
  req: PayRequest,
  ui: PayUi,
  depth: number,
): Promise<PayOutcome> {
  if (r.status === 0) return failed(PAYMENT_MESSAGES.processingError);
  const b = r.body;
  const isOrder = req.subject.kind === 'order';
  // Held for review: the order is placed and waits.
  if (r.status === 202 && b.status === 'on_hold' && !b.nextAction && b.order)
    return { kind: 'held', answer: b, message: b.message || PAYMENT_MESSAGES.additionalAuthentication };
  const pi = b.paymentIntent;
  if (r.status >= 400 || !pi?.id || !pi.status)
    return failed(b.message || PAYMENT_MESSAGES.failed, isOrder && r.status === 422 ? b.errors : undefined);
  if (depth > 3) return failed(PAYMENT_MESSAGES.handlingError);
  const card = req.hosted as StripeCardHandle;
  const ids = { orderId: req.subject.id, token: req.subject.token, paymentIntentId: pi.id };
  const ask = (path: string) => callApi<StripeAnswer>(`${ROUTE}${path}`, 'POST', ids);
  const next = async (path: string) => finishIntent(await ask(path), req, ui, depth + 1);
  const quotePaid: PayOutcome = { kind: 'paid', answer: { ...b, transactionId: b.transactionId ?? pi.id } };
  switch (pi.status) {
    case 'succeeded': {
      if (!isOrder) return quotePaid;
      const again = depth > 0 ? r : await ask('/payment-intent/retrieve');
      if (again.body.success && again.body.order) return { kind: 'paid', answer: again.body };
      return failed(again.body.message || PAYMENT_MESSAGES.failed);
    }
    case 'requires_payment_method':
    case 'requires_confirmation': {
      const c = await card.confirmCardPayment(pi.client_secret ?? '');
      if (c.error) return failed(c.error.message || PAYMENT_MESSAGES.failed);
      return isOrder ? next('/payment-intent/retrieve') : quotePaid;
    }
    case 'requires_capture':
      return isOrder ? next('/capture-payment') : quotePaid;
    case 'requires_action': {
      ui.notify(PAYMENT_MESSAGES.additionalAuthentication);
      // Stripe's own handling: a modal, or a redirect that comes back to the verify page.
      const a = await card.handleNextAction(pi.client_secret ?? '');
      if (a.error) return failed(a.error.message || PAYMENT_MESSAGES.failed);
      return isOrder ? next('/payment-intent/retrieve') : quotePaid;
    }
    default:
      return failed(unexpectedPaymentStatus(pi.status));
  }
}

const stripeGateway: BrowserGateway = {
  // Stripe.js loads when its fields mount.
  preload: () => undefined,
  Fields: StripeFields,
  async tokenize(req) {
    const card = req.hosted as StripeCardHandle | null;
    if (!card) return { error: PAYMENT_MESSAGES.stripeNotReady };
    const pm = await card.createPaymentMethod(req.payer);
    return 'error' in pm ? pm : { token: pm.id };
  },
  // An order's intent for its total, by the shop's Stripe route; a quote's by the quote pay route.
  payCall: (req, t) =>
    req.subject.kind === 'order'
      ? {
          url: `${ROUTE}/payment-intent`,
          body: {
            orderId: req.subject.id,
            token: req.subject.token,
            paymentMethod: req.method.name,
            paymentMethodId: t.token,
            receiptEmail: req.payer.email,
            ...(req.total === undefined ? {} : { amount: req.total }),
          },
        }
      : undefined,
  finish: (r, req, ui) => finishIntent(r, req, ui, 0),
};
export default stripeGateway;
