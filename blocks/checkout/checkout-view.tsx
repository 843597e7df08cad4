/**
 * The interactive checkout: react-hook-form over the checkout's values, validated by the engine's
 * zod schemas (the ones the order API parses with) through zodResolver. A field is checked when
 * the shopper leaves it and its error goes as soon as it is changed; a submit checks every field
 * and focuses the first in error, in page order. Loaded lazily by index.tsx, alongside the cart.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  PAYMENT_MESSAGES,
  sampleCart,
  type PendingOrder,
  emptyCheckoutValues as emptyValues,
  checkoutFieldKeys as fieldKeys,
  notShipped,
  shippingLocation,
  US_ONLY,
  type CheckoutValues,
  checkoutStyles as styles,
  type StripeCardHandle,
  usePaymentGateway,
} from '../../engine/index.ts';
import type { CheckoutProps } from '../../schemas/types/blocks/checkout.ts';
import { AddressFieldset } from './address-fieldset.tsx';
import { checkoutFormSchema } from './form-schema.ts';
import { itemCount, OrderSummary, type SummaryLine } from './order-summary.tsx';
import { PaymentFields, usePaymentMethods } from './payment-fields.tsx';
import { placeOrder } from './place-order.ts';
import { ShippingMethods } from './shipping-methods.tsx';
import { useShippingEstimate, ZIP_REFUSALS, type CartLineRef } from './use-shipping-estimate.ts';

export interface CheckoutViewProps extends Required<Omit<CheckoutProps, 'continueUrl'>> {
  lines: readonly (SummaryLine & CartLineRef)[];
}

/** react-hook-form's nested errors as `{ "billing.zipCode": message }`. */
function flatErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, e] of Object.entries(errors)) {
    if (!e || typeof e !== 'object') continue;
    if (typeof (e as { message?: unknown }).message === 'string') out[prefix + k] = (e as { message: string }).message;
    else Object.assign(out, flatErrors(e as FieldErrors, `${prefix}${k}.`));
  }
  return out;
}

export default function CheckoutView({ title, placeOrderText, successUrl, lines }: CheckoutViewProps) {
  const uid = useId();
  const fid = (key: string) => `${uid}-${key.replace('.', '-')}`;
  const items = useMemo(
    () => lines.map((l) => ({ sku: l.sku, finish: { type: l.finish.type, value: l.finish.value }, qty: l.qty })),
    [lines],
  );

  // Whether the card fields are shown decides whether the schema asks for them.
  const withCardRef = useRef(false);
  const resolver = useMemo<Resolver<CheckoutValues>>(
    () => (values, context, options) =>
      (
        zodResolver(checkoutFormSchema(values.sameAsBilling, withCardRef.current) as never, undefined, {
          mode: 'sync',
          raw: true,
        }) as unknown as Resolver<CheckoutValues>
      )(values, context, options),
    [],
  );
  const form = useForm<CheckoutValues>({
    defaultValues: emptyValues(),
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: false,
  });
  const { control, getValues, setValue, setError, clearErrors, setFocus, getFieldState, handleSubmit } = form;
  const values = useWatch({ control }) as CheckoutValues;

  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  /** Stripe's hosted fields are not controls of ours: their errors are kept here. */
  const [hostedErrors, setHostedErrors] = useState<Record<string, string>>({});
  const pending = useRef<PendingOrder | null>(null);
  const submitting = useRef(false);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const stripeCard = useRef<StripeCardHandle | null>(null);

  // Payment methods: the enabled default, else the first; none (or a failure) says so.
  const methods = usePaymentMethods((name) => !getValues('paymentMethod') && setValue('paymentMethod', name));
  const methodList = methods.status === 'ready' ? methods.methods : [];
  // Card fields show for a method whose gateway's script takes them (and hands back a token).
  const gateway = usePaymentGateway(methodList, values.paymentMethod);
  withCardRef.current = gateway.withCard;

  // The server's shipping methods and totals, again whenever the cart or where it ships changes.
  const zipKey = `${values.sameAsBilling ? 'billing' : 'shipping'}.zipCode` as const;
  const shippingEstimate = useShippingEstimate({
    items,
    location: shippingLocation(values),
    shippingMethod: values.shippingMethod,
    onZip: (zip) => {
      if (zip) setError(zipKey, { type: 'server', message: zip });
      // A ZIP the server refused before now fits its state.
      else if (ZIP_REFUSALS.includes(getFieldState(zipKey).error?.message ?? '')) clearErrors(zipKey);
    },
  });
  const { estimate, data: estimateData, quotes, chosen: chosenShipping } = shippingEstimate;

  /** The first field in error (in page order) takes the focus; else Stripe's field; else the form's message. */
  const focusFirst = (errs: Record<string, string>) => {
    const first = fieldKeys(getValues(), gateway.withCard).find((k) => errs[k]);
    const hosted = Object.keys(errs).find((k) => k.startsWith('stripe.'));
    if (first) setFocus(first as 'paymentMethod');
    else if (hosted && stripeCard.current) stripeCard.current.focus(hosted);
    else if (Object.keys(errs).length) formErrorRef.current?.focus();
  };

  /** The form's message, and the server's field errors on their fields (they replace the ones shown). */
  const showFailure = (message: string, fieldErrors?: Record<string, string>) => {
    setFormError(message);
    if (fieldErrors && Object.keys(fieldErrors).length) {
      clearErrors();
      setHostedErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => k.startsWith('stripe.'))));
      for (const [k, m] of Object.entries(fieldErrors))
        if (!k.startsWith('stripe.')) setError(k as 'paymentMethod', { type: 'server', message: m });
      focusFirst(fieldErrors);
    } else requestAnimationFrame(() => formErrorRef.current?.focus());
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Held from the first click: checking the fields is asynchronous for react-hook-form.
    if (submitting.current) return;
    submitting.current = true;
    try {
      const hosted = gateway.stripeKey
        ? (stripeCard.current?.validate() ?? { 'stripe.cardNumber': PAYMENT_MESSAGES.stripeNotReady })
        : {};
      setHostedErrors(hosted);
      setFormError('');
      setNotice('');
      let fieldErrs: Record<string, string> | undefined;
      await handleSubmit(
        () => undefined,
        (errors) => void (fieldErrs = flatErrors(errors)),
      )();
      const errs = { ...fieldErrs, ...hosted };
      if (Object.keys(errs).length) return focusFirst(errs);
      setBusy(true);
      await placeOrder({
        values: getValues(),
        items,
        lines,
        gateway,
        stripeCard: stripeCard.current,
        estimate,
        shippingForSubmit: shippingEstimate.forSubmit,
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

  const totals = estimateData?.totals;
  const shippingKnown = !!estimateData && !estimateData.message && quotes.length > 0;
  const summaryId = `${uid}-summary`;

  return (
    <section className={styles.checkout}>
      {methods.status === 'ready' && !methodList.length && (
        <p className={styles.alert} role="alert">
          {PAYMENT_MESSAGES.notAvailable}
        </p>
      )}
      <div className={styles.bar}>
        <button
          ref={openRef}
          type="button"
          className={styles.barButton}
          aria-expanded={cartOpen}
          aria-controls={summaryId}
          onClick={() => setCartOpen(true)}
        >
          Order summary ({itemCount(lines.length)})
        </button>
      </div>
      <div className={styles.layout}>
        <FormProvider {...form}>
          <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label="Checkout">
            <AddressFieldset group="billing" legend={title} idFor={fid} />
            <label className={styles.check}>
              <input
                type="checkbox"
                name="same_as_billing"
                checked={values.sameAsBilling}
                onChange={(e) => {
                  const same = e.target.checked;
                  if (same && notShipped(getValues('billing.countryId'))) {
                    window.alert(US_ONLY);
                    return;
                  }
                  // Either way the shipping fields start as a copy of billing: hidden while checked, editable after.
                  setValue('shipping', { ...getValues('billing') });
                  setValue('sameAsBilling', same);
                }}
              />
              Shipping address same as billing
            </label>
            {!values.sameAsBilling && <AddressFieldset group="shipping" legend="Shipping address" idFor={fid} />}
            <ShippingMethods
              name={`${uid}-shipping`}
              estimate={estimate}
              quotes={quotes}
              chosen={chosenShipping}
              onChoose={(type) => setValue('shippingMethod', type)}
            />
            <PaymentFields
              uid={uid}
              idFor={fid}
              methods={methods}
              gateway={gateway}
              hostedErrors={hostedErrors}
              onHostedChange={(key) =>
                setHostedErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e))
              }
              stripeCard={stripeCard}
            />
            <div ref={formErrorRef} tabIndex={-1} role="alert" className={formError ? styles.formError : undefined}>
              {formError}
            </div>
            <div role="status">{notice && <p className={styles.notice}>{notice}</p>}</div>
            <button
              type="submit"
              className={styles.submit}
              disabled={busy || !methodList.length}
              aria-busy={busy || undefined}
            >
              {busy ? 'Processing...' : placeOrderText}
            </button>
          </form>
        </FormProvider>
        <OrderSummary
          id={summaryId}
          lines={lines}
          totals={totals}
          shippingKnown={shippingKnown}
          open={cartOpen}
          onClose={() => setCartOpen(false)}
          opener={openRef}
        />
      </div>
    </section>
  );
}
