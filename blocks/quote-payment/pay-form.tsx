/**
 * Pay your quote: the payment methods (the enabled default chosen, else the first), the card
 * fields or Stripe's, the form's error and notice, and Pay Now.
 */
import { Suspense, useMemo } from 'react';
import {
  checkoutStyles,
  EXPIRY_MONTHS,
  expiryYears,
  PAYMENT_MESSAGES,
  QUOTE_MESSAGES,
  SelectField,
  StripeCard,
  TestModeNotice,
  TextField,
  type PaymentGateway,
} from '../../engine/index.ts';
import type { QuoteView } from '../../engine/index.ts';
import type { QuoteMethods } from './use-quote.ts';
import type { QuotePayState } from './use-quote-pay.ts';

const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }));

interface PayFormProps {
  uid: string;
  quote: QuoteView;
  methods: QuoteMethods | null;
  methodName: string;
  onMethod(name: string): void;
  gateway: PaymentGateway;
  pay: QuotePayState;
  payNowText: string;
}

export function PayForm({ uid, quote, methods, methodName, onMethod, gateway, pay, payNowText }: PayFormProps) {
  const { errors, busy, held } = pay;
  return (
    <form
      className={checkoutStyles.form}
      noValidate
      onSubmit={(e) => void pay.submit(e, quote)}
      aria-label="Pay your quote"
    >
      {methods && !methods.list.length && (
        <p className={checkoutStyles.alert} role="alert">
          {PAYMENT_MESSAGES.notAvailable}
        </p>
      )}
      <fieldset className={checkoutStyles.fieldset}>
        <legend>Payment method</legend>
        {methods?.testMode && <TestModeNotice methods={methods.list} />}
        {methods?.list.map((m) => (
          <label key={m.name} className={checkoutStyles.choice}>
            <input
              type="radio"
              name={`${uid}-payment`}
              value={m.name}
              checked={methodName === m.name}
              onChange={() => {
                onMethod(m.name);
                pay.clearErrors();
              }}
            />
            <span>{m.title}</span>
          </label>
        ))}
        {gateway.withCard && <CardFields uid={uid} pay={pay} />}
        {gateway.stripeKey && (
          <Suspense fallback={<p className={checkoutStyles.note}>{QUOTE_MESSAGES.loading}</p>}>
            <StripeCard
              publishableKey={gateway.stripeKey}
              errors={errors}
              onChange={pay.clearError}
              handle={pay.stripeCard}
            />
          </Suspense>
        )}
      </fieldset>
      <div
        ref={pay.formErrorRef}
        tabIndex={-1}
        role="alert"
        className={pay.formError ? checkoutStyles.formError : undefined}
      >
        {pay.formError}
      </div>
      <div role="status">{pay.notice && <p className={checkoutStyles.notice}>{pay.notice}</p>}</div>
      <button
        type="submit"
        className={checkoutStyles.submit}
        disabled={busy || held || !methods?.list.length}
        aria-busy={busy || undefined}
      >
        {busy ? 'Processing...' : payNowText}
      </button>
    </form>
  );
}

function CardFields({ uid, pay }: { uid: string; pay: QuotePayState }) {
  const { card, errors, setCardField } = pay;
  const years = useMemo(() => expiryYears().map((y) => ({ value: String(y), label: String(y) })), []);
  return (
    <div className={checkoutStyles.grid}>
      <TextField
        id={`${uid}-card-number`}
        label="Card Number"
        value={card.number}
        required
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        error={errors['card.number']}
        onChange={setCardField('number')}
      />
      <SelectField
        id={`${uid}-card-expMonth`}
        label="Expiry Month"
        value={card.expMonth}
        options={MONTH_OPTIONS}
        placeholder="MM"
        required
        autoComplete="cc-exp-month"
        error={errors['card.expMonth']}
        onChange={setCardField('expMonth')}
      />
      <SelectField
        id={`${uid}-card-expYear`}
        label="Expiry Year"
        value={card.expYear}
        options={years}
        placeholder="YYYY"
        required
        autoComplete="cc-exp-year"
        error={errors['card.expYear']}
        onChange={setCardField('expYear')}
      />
      <TextField
        id={`${uid}-card-cvv`}
        label="CVV"
        value={card.cvv}
        required
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={4}
        error={errors['card.cvv']}
        onChange={setCardField('cvv')}
      />
    </div>
  );
}
