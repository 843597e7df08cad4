/**
 * Place Order: every field is checked (Stripe's hosted fields too) and the first in error, in page
 * order, takes the focus; else the order is placed and paid (place-order.ts). A failure shows the
 * form's message and the server's field errors on their fields.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  checkoutFieldKeys as fieldKeys,
  PAYMENT_MESSAGES,
  sampleCart,
  type CheckoutValues,
  type PaymentGateway,
  type PendingOrder,
  type StripeCardHandle,
} from '../../engine/index.ts';
import type { SummaryLine } from './order-summary.tsx';
import { placeOrder } from './place-order.ts';
import { flatErrors } from './use-checkout-form.ts';
import type { CartLineRef, useShippingEstimate } from './use-shipping-estimate.ts';

type Errors = Record<string, string>;

export function useCheckoutSubmit(options: {
  form: UseFormReturn<CheckoutValues>;
  items: readonly CartLineRef[];
  lines: readonly (SummaryLine & CartLineRef)[];
  gateway: PaymentGateway;
  shipping: ReturnType<typeof useShippingEstimate>;
  zipKey: 'billing.zipCode' | 'shipping.zipCode';
  successUrl: string;
}) {
  const { form, gateway } = options;
  const { getValues, setError, clearErrors, setFocus, handleSubmit } = form;
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  /** Stripe's hosted fields are not controls of ours: their errors are kept here. */
  const [hostedErrors, setHostedErrors] = useState<Errors>({});
  const pending = useRef<PendingOrder | null>(null);
  const submitting = useRef(false);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<StripeCardHandle | null>(null);

  /** The first field in error (in page order) takes the focus; else Stripe's field; else the form's message. */
  const focusFirst = (errs: Errors) => {
    const first = fieldKeys(getValues(), gateway.withCard).find((k) => errs[k]);
    const hosted = Object.keys(errs).find((k) => k.startsWith('stripe.'));
    if (first) setFocus(first as 'paymentMethod');
    else if (hosted && stripeCard.current) stripeCard.current.focus(hosted);
    else if (Object.keys(errs).length) formErrorRef.current?.focus();
  };

  /** The form's message, and the server's field errors on their fields (they replace the ones shown). */
  const showFailure = (message: string, fieldErrors?: Errors) => {
    setFormError(message);
    if (fieldErrors && Object.keys(fieldErrors).length) {
      clearErrors();
      setHostedErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => k.startsWith('stripe.'))));
      for (const [k, m] of Object.entries(fieldErrors))
        if (!k.startsWith('stripe.')) setError(k as 'paymentMethod', { type: 'server', message: m });
      focusFirst(fieldErrors);
    } else requestAnimationFrame(() => formErrorRef.current?.focus());
  };

  /** Every field's error, Stripe's hosted ones included, shown. */
  const check = async (): Promise<Errors> => {
    const hosted = gateway.stripeKey
      ? (stripeCard.current?.validate() ?? { 'stripe.cardNumber': PAYMENT_MESSAGES.stripeNotReady })
      : {};
    setHostedErrors(hosted);
    setFormError('');
    setNotice('');
    let fieldErrs: Errors | undefined;
    await handleSubmit(
      () => undefined,
      (errors) => {
        fieldErrs = flatErrors(errors);
      },
    )();
    return { ...fieldErrs, ...hosted };
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Held from the first click: checking the fields is asynchronous for react-hook-form.
    if (submitting.current) return;
    submitting.current = true;
    try {
      const errs = await check();
      if (Object.keys(errs).length) return focusFirst(errs);
      setBusy(true);
      const { items, lines, shipping, zipKey, successUrl } = options;
      await placeOrder({
        values: getValues(),
        items,
        lines,
        gateway,
        stripeCard: stripeCard.current,
        estimate: shipping.estimate,
        shippingForSubmit: shipping.forSubmit,
        zipKey,
        pending,
        fail: showFailure,
        notify: setNotice,
        done: () => {
          sampleCart().clear();
          window.location.assign(successUrl);
        },
      });
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  const clearHostedError = (key: string) =>
    setHostedErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  return { submit, formError, formErrorRef, notice, busy, hostedErrors, clearHostedError, stripeCard };
}
