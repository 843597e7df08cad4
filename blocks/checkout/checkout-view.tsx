/**
 * The interactive checkout: react-hook-form over the checkout's values (use-checkout-form.ts), the
 * server's shipping methods and totals, the payment methods, and Place Order
 * (use-checkout-submit.ts). Loaded lazily by index.tsx, alongside the cart.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import {
  PAYMENT_MESSAGES,
  shippingLocation,
  type CheckoutValues,
  checkoutStyles as styles,
  usePaymentGateway,
} from '../../engine/index.ts';
import type { CheckoutProps } from '../../schemas/types/blocks/checkout.ts';
import { AddressFieldset } from './address-fieldset.tsx';
import { amount, itemCount, OrderSummary, type SummaryLine } from './order-summary.tsx';
import { PaymentFields, usePaymentMethods } from './payment-fields.tsx';
import { SameAsBilling } from './same-as-billing.tsx';
import { ShippingMethods } from './shipping-methods.tsx';
import { useCheckoutForm } from './use-checkout-form.ts';
import { useCheckoutSubmit } from './use-checkout-submit.ts';
import { useShippingEstimate, ZIP_REFUSALS, type CartLineRef } from './use-shipping-estimate.ts';

export interface CheckoutViewProps extends Required<Omit<CheckoutProps, 'continueUrl'>> {
  lines: readonly (SummaryLine & CartLineRef)[];
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
  const form = useCheckoutForm(withCardRef);
  const { control, getValues, setValue, setError, clearErrors, getFieldState } = form;
  const values = useWatch({ control }) as CheckoutValues;
  const [cartOpen, setCartOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);

  // Payment methods: the enabled default, else the first; none (or a failure) says so.
  const methods = usePaymentMethods((name) => !getValues('paymentMethod') && setValue('paymentMethod', name));
  const methodList = methods.status === 'ready' ? methods.methods : [];
  // Card fields show for a method whose gateway's script takes them (and hands back a token).
  const gateway = usePaymentGateway(methodList, values.paymentMethod);
  withCardRef.current = gateway.withCard;

  // The server's shipping methods and totals, again whenever the cart or where it ships changes.
  const zipKey = `${values.sameAsBilling ? 'billing' : 'shipping'}.zipCode` as const;
  const shipping = useShippingEstimate({
    items,
    location: shippingLocation(values),
    shippingMethod: values.shippingMethod,
    onZip: (zip) => {
      if (zip) setError(zipKey, { type: 'server', message: zip });
      // A ZIP the server refused before now fits its state.
      else if (ZIP_REFUSALS.includes(getFieldState(zipKey).error?.message ?? '')) clearErrors(zipKey);
    },
  });
  const order = useCheckoutSubmit({ form, items, lines, gateway, shipping, zipKey, successUrl });
  const { data: estimateData, quotes } = shipping;
  const summaryId = `${uid}-summary`;
  const shippingKnown = !!estimateData && !estimateData.message && quotes.length > 0;

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
          <form className={styles.form} noValidate onSubmit={(e) => void order.submit(e)} aria-label="Checkout">
            <AddressFieldset group="billing" legend={title} idFor={fid} />
            <SameAsBilling checked={values.sameAsBilling} form={form} />
            {!values.sameAsBilling && <AddressFieldset group="shipping" legend="Shipping address" idFor={fid} />}
            <ShippingMethods
              name={`${uid}-shipping`}
              estimate={shipping.estimate}
              quotes={quotes}
              chosen={shipping.chosen}
              onChoose={(type) => setValue('shippingMethod', type)}
            />
            <PaymentFields
              uid={uid}
              methods={methods}
              gateway={gateway}
              hostedErrors={order.hostedErrors}
              onHostedChange={order.clearHostedError}
              hosted={order.hosted}
            />
            <div
              ref={order.formErrorRef}
              tabIndex={-1}
              role="alert"
              className={order.formError ? styles.formError : undefined}
            >
              {order.formError}
            </div>
            <div role="status">{order.notice && <p className={styles.notice}>{order.notice}</p>}</div>
            {/* The amount to be charged beside the button, at every width (on a phone the summary is folded away). */}
            <div className={styles.pay}>
              <button
                type="submit"
                className={styles.submit}
                disabled={order.busy || !methodList.length}
                aria-busy={order.busy || undefined}
                aria-describedby={`${uid}-pay-total`}
              >
                {order.busy ? 'Processing...' : placeOrderText}
              </button>
              <p id={`${uid}-pay-total`} className={styles.payTotal}>
                Total <strong>{shippingKnown ? amount(estimateData?.totals.total) : '—'}</strong>
              </p>
            </div>
          </form>
        </FormProvider>
        <OrderSummary
          id={summaryId}
          lines={lines}
          totals={estimateData?.totals}
          shippingKnown={shippingKnown}
          open={cartOpen}
          onClose={() => setCartOpen(false)}
          opener={openRef}
        />
      </div>
    </section>
  );
}
