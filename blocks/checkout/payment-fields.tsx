/**
 * The payment method and its card fields: direct-entry fields for a gateway whose script takes
 * the card (the sandbox tokenizer, Accept.js), Stripe's hosted fields (their own lazy chunk) for
 * Stripe. The methods come from the server; the card never goes to the shop's API.
 */
import { Suspense, useEffect, useMemo, useState, type ReactElement, type Ref } from 'react';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import {
  EXPIRY_MONTHS,
  expiryYears,
  TestModeNotice,
  callApi,
  defaultPaymentMethod,
  enabledMethods,
  type PaymentMethodInfo,
  type CardValues,
  type CheckoutValues,
  checkoutStyles as styles,
  SelectField,
  TextField,
  type StripeCardHandle,
  type PaymentGateway,
  StripeCard,
} from '../../engine/index.ts';
import { LOADING_TEXT } from './texts.ts';

/** Stripe's fields and Stripe.js: their own chunk, fetched only when the Stripe method is shown. */
const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }));

/** testMode: the server pays through a gateway that takes no real payment (the sandbox). */
export type PaymentMethodsState =
  | { status: 'loading' }
  | { status: 'ready'; methods: PaymentMethodInfo[]; testMode: boolean };

/** The methods the server offers for a sample order; `onDefault` gets the enabled default, else the first. */
export function usePaymentMethods(onDefault: (name: string) => void): PaymentMethodsState {
  const [methods, setMethods] = useState<PaymentMethodsState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the methods are asked for once, on mount
  useEffect(() => {
    let live = true;
    void callApi<{ paymentMethods?: unknown; testMode?: boolean }>(
      '/api/payment-methods?scope=sample-order',
      'GET',
    ).then((r) => {
      if (!live) return;
      const list = r.status === 200 ? enabledMethods(r.body.paymentMethods) : [];
      setMethods({ status: 'ready', methods: list, testMode: list.length > 0 && r.body.testMode === true });
      const chosen = defaultPaymentMethod(list);
      if (chosen) onDefault(chosen.name);
    });
    return () => {
      live = false;
    };
  }, []);
  return methods;
}

type CardField = keyof CardValues;

export function PaymentFields({
  uid,
  idFor,
  methods,
  gateway,
  hostedErrors,
  onHostedChange,
  stripeCard,
}: {
  uid: string;
  idFor: (key: string) => string;
  methods: PaymentMethodsState;
  gateway: PaymentGateway;
  /** Stripe's hosted fields' errors ("stripe.cardNumber" ...): no control of ours holds them. */
  hostedErrors: Record<string, string>;
  onHostedChange: (key: string) => void;
  stripeCard: Ref<StripeCardHandle | null>;
}) {
  const { control, clearErrors } = useFormContext<CheckoutValues>();
  const years = useMemo(() => expiryYears().map((y) => ({ value: String(y), label: String(y) })), []);
  const list = methods.status === 'ready' ? methods.methods : [];
  const methodError = useFormState({ control, name: 'paymentMethod' }).errors.paymentMethod?.message;
  // A change takes the field's error away; leaving a typed field checks it again (mode onBlur).
  const card = (
    f: CardField,
    render: (p: {
      value: string;
      error?: string;
      inputRef: (el: HTMLInputElement | HTMLSelectElement | null) => void;
      onChange: (x: string) => void;
      onBlur: () => void;
    }) => ReactElement,
  ) => (
    <Controller
      name={`card.${f}`}
      control={control}
      render={({ field, fieldState }) =>
        render({
          value: field.value,
          error: fieldState.error?.message,
          inputRef: field.ref,
          onChange: (x) => {
            field.onChange(x);
            clearErrors(field.name);
          },
          onBlur: field.onBlur,
        })
      }
    />
  );
  return (
    <fieldset className={styles.fieldset} aria-describedby={methodError ? `${uid}-pm-error` : undefined}>
      <legend>Payment method</legend>
      {methods.status === 'ready' && methods.testMode && <TestModeNotice methods={methods.methods} />}
      <Controller
        name="paymentMethod"
        control={control}
        render={({ field }) => (
          <>
            {list.map((m, i) => (
              <label key={m.name} className={styles.choice}>
                <input
                  // The first method takes the focus when none is chosen.
                  ref={i === 0 ? field.ref : undefined}
                  id={`${uid}-pm-${i}`}
                  type="radio"
                  name={`${uid}-payment`}
                  value={m.name}
                  checked={field.value === m.name}
                  aria-invalid={methodError ? true : undefined}
                  onChange={() => {
                    field.onChange(m.name);
                    clearErrors('paymentMethod');
                  }}
                />
                <span>{m.title}</span>
              </label>
            ))}
          </>
        )}
      />
      {methodError && (
        <p id={`${uid}-pm-error`} className={styles.fieldError}>
          {methodError}
        </p>
      )}
      {gateway.withCard && (
        <div className={styles.grid}>
          {card('number', (p) => (
            <TextField
              id={idFor('card.number')}
              label="Card Number"
              required
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={23}
              {...p}
            />
          ))}
          {card('expMonth', (p) => (
            // No check on leaving a list (as before): only a choice or the submit changes its error.
            <SelectField
              id={idFor('card.expMonth')}
              label="Expiry Month"
              options={MONTH_OPTIONS}
              placeholder="MM"
              required
              autoComplete="cc-exp-month"
              {...p}
              onBlur={undefined}
            />
          ))}
          {card('expYear', (p) => (
            <SelectField
              id={idFor('card.expYear')}
              label="Expiry Year"
              options={years}
              placeholder="YYYY"
              required
              autoComplete="cc-exp-year"
              {...p}
              onBlur={undefined}
            />
          ))}
          {card('cvv', (p) => (
            <TextField
              id={idFor('card.cvv')}
              label="CVV"
              required
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              {...p}
            />
          ))}
        </div>
      )}
      {gateway.stripeKey && (
        <Suspense fallback={<p className={styles.note}>{LOADING_TEXT}</p>}>
          <StripeCard
            publishableKey={gateway.stripeKey}
            errors={hostedErrors}
            onChange={onHostedChange}
            handle={stripeCard}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
