/**
 * The payment method and its card fields, for the checkout and the quote page: the methods as
 * radios, the test-mode notice, then the shop's direct-entry card fields (for a gateway whose
 * script takes them) or the provider's hosted fields (their own lazy chunk). The page binds the
 * card fields to its own form state; the card never goes to the shop's API.
 */
import { Suspense, useMemo, type ReactElement, type Ref } from 'react';
import { EXPIRY_MONTHS, expiryYears } from '../commerce/index.ts';
import type { PaymentMethodInfo } from './checkout-client.ts';
import type { CardValues } from './checkout-form.ts';
import styles from './checkout.module.css';
import { SelectField, TextField } from './fields.tsx';
import type { HostedHandle } from './gateways/gateway.ts';
import { hostedFields } from './gateways/registry.ts';
import type { PaymentGateway } from './gateways/use-payment-gateway.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }));

export interface CardFieldProps {
  value: string;
  error?: string;
  inputRef?: (el: HTMLInputElement | HTMLSelectElement | null) => void;
  onChange: (x: string) => void;
  onBlur?: () => void;
}
/** Binds one card field to the page's form state: `input` renders the field with those props. */
export type CardBinder = (f: keyof CardValues, input: (p: CardFieldProps) => ReactElement) => ReactElement;

export interface PaymentFormProps {
  uid: string;
  methods: readonly PaymentMethodInfo[];
  testMode: boolean;
  chosen: string;
  onChoose: (name: string) => void;
  /** The first method's radio, which takes the focus when none is chosen. */
  methodRef?: Ref<HTMLInputElement>;
  methodError?: string;
  gateway: PaymentGateway;
  bindCard: CardBinder;
  /** The hosted fields' errors (`hosted.<part>`): no control of the page's holds them. */
  hostedErrors: Record<string, string>;
  onHostedChange: (key: string) => void;
  hostedHandle: Ref<HostedHandle | null>;
  loadingText: string;
}

export function PaymentForm(p: PaymentFormProps) {
  const { uid, methods, methodError, gateway } = p;
  const Hosted = gateway.hosted && gateway.method ? hostedFields(gateway.method) : undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={methodError ? `${uid}-pm-error` : undefined}>
      <legend>Payment method</legend>
      {p.testMode && <TestModeNotice methods={methods} />}
      {methods.map((m, i) => (
        <label key={m.name} className={styles.choice}>
          <input
            ref={i === 0 ? p.methodRef : undefined}
            id={`${uid}-pm-${i}`}
            type="radio"
            name={`${uid}-payment`}
            value={m.name}
            checked={p.chosen === m.name}
            aria-invalid={methodError ? true : undefined}
            onChange={() => p.onChoose(m.name)}
          />
          <span>{m.title}</span>
        </label>
      ))}
      {methodError && (
        <p id={`${uid}-pm-error`} className={styles.fieldError}>
          {methodError}
        </p>
      )}
      {gateway.withCard && <CardFields uid={uid} bind={p.bindCard} />}
      {Hosted && gateway.method && (
        <Suspense fallback={<p className={styles.note}>{p.loadingText}</p>}>
          <Hosted method={gateway.method} errors={p.hostedErrors} onChange={p.onHostedChange} handle={p.hostedHandle} />
        </Suspense>
      )}
    </fieldset>
  );
}

function CardFields({ uid, bind }: { uid: string; bind: CardBinder }) {
  const years = useMemo(() => expiryYears().map((y) => ({ value: String(y), label: String(y) })), []);
  const id = (f: keyof CardValues) => `${uid}-card-${f}`;
  return (
    <div className={styles.grid}>
      {bind('number', (f) => (
        <TextField
          id={id('number')}
          label="Card Number"
          required
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={23}
          {...f}
        />
      ))}
      {bind('expMonth', (f) => (
        // No check on leaving a list: only a choice or the submit changes its error.
        <SelectField
          id={id('expMonth')}
          label="Expiry Month"
          options={MONTH_OPTIONS}
          placeholder="MM"
          required
          autoComplete="cc-exp-month"
          {...f}
          onBlur={undefined}
        />
      ))}
      {bind('expYear', (f) => (
        <SelectField
          id={id('expYear')}
          label="Expiry Year"
          options={years}
          placeholder="YYYY"
          required
          autoComplete="cc-exp-year"
          {...f}
          onBlur={undefined}
        />
      ))}
      {bind('cvv', (f) => (
        <TextField id={id('cvv')} label="CVV" required autoComplete="cc-csc" inputMode="numeric" maxLength={4} {...f} />
      ))}
    </div>
  );
}
