/**
 * Place Order: every field is checked (a provider's hosted fields too) and the first in error, in page
 * order, takes the focus; else the order is placed and paid (place-order.ts). A failure shows the
 * form's message and the server's field errors on their fields.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  checkoutFieldKeys as fieldKeys,
  HOSTED_PREFIX,
  sampleCart,
  type CheckoutValues,
  type HostedHandle,
  type PaymentGateway,
  type PendingOrder,
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
  /** A provider's hosted fields are not controls of ours: their errors are kept here. */
  const [hostedErrors, setHostedErrors] = useState<Errors>({});
  const pending = useRef<PendingOrder | null>(null);
  const submitting = useRef(false);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const hosted = useRef<HostedHandle | null>(null);

  /** The first field in error (in page order) takes the focus; else a hosted field; else the form's message. */
  const focusFirst = (errs: Errors) => {
    const first = fieldKeys(getValues(), gateway.withCard).find((k) => errs[k]);
    const hostedKey = Object.keys(errs).find((k) => k.startsWith(HOSTED_PREFIX));
    if (first) setFocus(first as 'paymentMethod');
    else if (hostedKey && hosted.current) hosted.current.focus(hostedKey);
    else if (Object.keys(errs).length) formErrorRef.current?.focus();
  };

  /** The form's message, and the server's field errors on their fields (they replace the ones shown). */
  const showFailure = (message: string, fieldErrors?: Errors) => {
    setFormError(message);
    if (fieldErrors && Object.keys(fieldErrors).length) {
      clearErrors();
      setHostedErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => k.startsWith(HOSTED_PREFIX))));
      for (const [k, m] of Object.entries(fieldErrors))
        if (!k.startsWith(HOSTED_PREFIX)) setError(k as 'paymentMethod', { type: 'server', message: m });
      focusFirst(fieldErrors);
    } else requestAnimationFrame(() => formErrorRef.current?.focus());
  };

  /** Every field's error, the hosted ones included, shown. */
  const check = async (): Promise<Errors> => {
    const hostedErrs = gateway.hosted ? (hosted.current?.validate() ?? gateway.notReady()) : {};
    setHostedErrors(hostedErrs);
    setFormError('');
    setNotice('');
    let fieldErrs: Errors | undefined;
    await handleSubmit(
      () => undefined,
      (errors) => {
        fieldErrs = flatErrors(errors);
      },
    )();
    return { ...fieldErrs, ...hostedErrs };
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
        hosted: hosted.current,
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
  return { submit, formError, formErrorRef, notice, busy, hostedErrors, clearHostedError, hosted };
}
