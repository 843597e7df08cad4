/**
 * Stripe's hosted card fields (card number, expiry, CVC) for the checkout. Stripe.js is loaded
 * through `@stripe/stripe-js/pure` only when this component mounts (the Stripe method is shown),
 * so no other page fetches anything from Stripe. The card goes from Stripe's fields to Stripe;
 * the page gets a PaymentMethod id and sends the shop only that.
 *
 * Messages: Card number is incomplete or invalid, Expiry date is incomplete or invalid, CVC is
 * incomplete or invalid; and Stripe.js not ready.
 */
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { PaymentIntentResult, Stripe, StripeCardNumberElement, StripeElementChangeEvent } from '@stripe/stripe-js';
import { CARD_MESSAGES, PAYMENT_MESSAGES } from '../../commerce/messages.ts';
import styles from '../checkout.module.css';

type Part = 'cardNumber' | 'cardExpiry' | 'cardCvc';
const PARTS: readonly Part[] = ['cardNumber', 'cardExpiry', 'cardCvc'];
const LABELS: Record<Part, string> = { cardNumber: 'Card Number', cardExpiry: 'Expiry Date', cardCvc: 'CVC' };
const MESSAGES: Record<Part, string> = {
  cardNumber: CARD_MESSAGES.hostedNumber,
  cardExpiry: CARD_MESSAGES.hostedExpiry,
  cardCvc: CARD_MESSAGES.hostedCvc,
};

export interface StripeCardHandle {
  /** Field errors keyed `stripe.cardNumber` ...; empty when every field is complete. */
  validate(): Record<string, string>;
  /** The card as a PaymentMethod (the card goes to Stripe only). */
  createPaymentMethod(billing: {
    name: string;
    email: string;
    phone: string;
  }): Promise<{ id: string } | { error: string }>;
  confirmCardPayment(clientSecret: string): Promise<PaymentIntentResult>;
  handleNextAction(clientSecret: string): Promise<{ error?: { message?: string } }>;
  /** Focuses a field by its error key (`stripe.cardExpiry`): the first error gets the focus. */
  focus(key: string): void;
}

let stripePromise: { key: string; promise: Promise<Stripe | null> } | undefined;
/** One Stripe.js per page and key. */
function stripeFor(key: string): Promise<Stripe | null> {
  if (!stripePromise || stripePromise.key !== key)
    stripePromise = { key, promise: import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key)) };
  return stripePromise.promise;
}

export function StripeCard({
  publishableKey,
  errors,
  onChange,
  handle,
}: {
  publishableKey: string;
  errors: Record<string, string>;
  onChange: (key: string) => void;
  handle: Ref<StripeCardHandle | null>;
}) {
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
            onChange(`stripe.${part}`);
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
      if (!stripe.current) return { 'stripe.cardNumber': PAYMENT_MESSAGES.stripeNotReady };
      const out: Record<string, string> = {};
      for (const part of PARTS) if (!complete.current[part]) out[`stripe.${part}`] = MESSAGES[part];
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
      fields.current[key.replace(/^stripe\./, '') as Part]?.focus();
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
        const error = errors[`stripe.${part}`];
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
