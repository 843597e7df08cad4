/**
 * Pay your quote: the one payment form (methods, the card fields or the provider's own) bound to
 * the quote page's state, the form's error and notice, and Pay Now.
 */
import {
  checkoutStyles,
  PAYMENT_MESSAGES,
  PaymentForm,
  QUOTE_MESSAGES,
  type CardBinder,
  type PaymentGateway,
} from '../../engine/index.ts';
import type { QuoteView } from '../../engine/index.ts';
import type { QuoteMethods } from './use-quote.ts';
import type { QuotePayState } from './use-quote-pay.ts';

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
  const bindCard: CardBinder = (f, input) =>
    input({ value: pay.card[f], error: errors[`card.${f}`], onChange: pay.setCardField(f) });
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
      <PaymentForm
        uid={uid}
        methods={methods?.list ?? []}
        testMode={!!methods?.testMode}
        chosen={methodName}
        onChoose={(name) => {
          onMethod(name);
          pay.clearErrors();
        }}
        gateway={gateway}
        bindCard={bindCard}
        hostedErrors={errors}
        onHostedChange={pay.clearError}
        hostedHandle={pay.hosted}
        loadingText={QUOTE_MESSAGES.loading}
      />
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
