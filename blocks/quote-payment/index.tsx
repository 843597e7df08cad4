/**
 * The quote payment page (spec 000 sections 2, 4 and 8; issue 12): /quote/payment?quoteId=&token=.
 * Loading, then the link-expired view, the quote-not-found view, an already-paid quote with its
 * order number, or the quote with the convert-to-order payment methods (the enabled default,
 * else the first) and Pay Now. Paying reuses the checkout's pieces: the card goes to the
 * gateway's script (or Stripe's fields) and the shop gets a token; the server charges the
 * quote's total (POST /api/quote/pay), then the page converts it (POST /api/quote/convertToOrder,
 * which checks the payment with the provider itself), stores the order number and goes to the
 * success page. A failure shows its error and the page stays.
 */
import { Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  EXPIRY_MONTHS,
  PAYMENT_MESSAGES,
  QUOTE_ERROR_TYPES,
  QUOTE_MESSAGES,
  TEST_MODE_MESSAGES,
  defineBlock,
  expiryYears,
  formatPrice,
  unexpectedPaymentStatus,
  callApi,
  defaultPaymentMethod,
  enabledMethods,
  storeOrderNumber,
  type PaymentMethodInfo,
  CARD_ORDER,
  emptyCheckoutValues as emptyValues,
  checkoutFieldError as fieldError,
  type CardValues,
  checkoutStyles,
  SelectField,
  TextField,
  tokenizeCard,
  dispatchCard,
  usePaymentGateway,
  type StripeCardHandle,
  StripeCard,
} from '../../engine/index.ts';
import type { QuoteAddressView, QuoteView } from '../../engine/index.ts';
import type { QuotePaymentProps } from '../../schemas/types/blocks/quote-payment.ts';
import styles from './quote-payment.module.css';

const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }));

type View =
  | { status: 'loading' }
  | { status: 'expired' }
  | { status: 'notFound' }
  | { status: 'ready'; quote: QuoteView };
interface PayAnswer {
  status?: string;
  transactionId?: string | null;
  method?: string;
  methodLabel?: string;
  amount?: number;
  nextAction?: { type?: string; url?: string };
  paymentIntent?: { id?: string | null; status?: string | null; client_secret?: string | null };
}
interface ConvertAnswer {
  order?: { orderIncrementId?: string };
}

/** quoteId and token of the link. */
function linkOf(search: string) {
  const q = new URLSearchParams(search);
  return { quoteId: q.get('quoteId') ?? '', token: q.get('token') ?? '' };
}

function AddressBlock({ title, a }: { title: string; a?: QuoteAddressView }) {
  if (!a) return null;
  return (
    <div>
      <h3>{title}</h3>
      <p>
        {a.firstName} {a.lastName}
        <br />
        {a.street1}
        {a.street2 && (
          <>
            <br />
            {a.street2}
          </>
        )}
        <br />
        {a.city}, {a.state} {a.zipCode}
        <br />
        {a.phoneNumber}
      </p>
    </div>
  );
}

function QuotePayment({ title, payNowText, successUrl, homeUrl, contactUrl }: QuotePaymentProps) {
  const uid = useId();
  // The link's quoteId and token, read from the address once the page runs (the prerendered page has no query).
  const link = useRef({ quoteId: '', token: '' });
  const [view, setView] = useState<View>({ status: 'loading' });
  const [methods, setMethods] = useState<{ list: PaymentMethodInfo[]; testMode: boolean } | null>(null);
  const [methodName, setMethodName] = useState('');
  const [card, setCard] = useState<CardValues>(emptyValues().card);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const years = useMemo(() => expiryYears().map((y) => ({ value: String(y), label: String(y) })), []);

  useEffect(() => {
    let live = true;
    const { quoteId, token } = (link.current = linkOf(window.location.search));
    if (!/^\d+$/.test(quoteId) || !token) {
      setView({ status: 'notFound' });
      return;
    }
    void callApi<{ quote?: QuoteView; errorType?: string }>(
      `/api/quote?quoteId=${encodeURIComponent(quoteId)}&token=${encodeURIComponent(token)}`,
      'GET',
    ).then((r) => {
      if (!live) return;
      if (r.status === 200 && r.body.quote) setView({ status: 'ready', quote: r.body.quote });
      else setView({ status: r.body.errorType === QUOTE_ERROR_TYPES.expired ? 'expired' : 'notFound' });
    });
    void callApi<{ paymentMethods?: unknown; testMode?: boolean }>(
      '/api/payment-methods?scope=convert-to-order',
      'GET',
    ).then((r) => {
      if (!live) return;
      const list = r.status === 200 ? enabledMethods(r.body.paymentMethods) : [];
      setMethods({ list, testMode: list.length > 0 && r.body.testMode === true });
      setMethodName((m) => m || defaultPaymentMethod(list)?.name || '');
    });
    return () => {
      live = false;
    };
  }, []);

  // As the checkout: card fields for the sandbox tokenizer and for Accept.js (its opaque value is the token), Stripe's own fields.
  const { method, tokenizerUrl, acceptJs, withCard, stripeKey } = usePaymentGateway(methods?.list ?? [], methodName);

  const fail = (message: string, fieldErrors?: Record<string, string>) => {
    setNotice('');
    setFormError(message);
    if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors);
    requestAnimationFrame(() => formErrorRef.current?.focus());
  };

  const cardErrors = (): Record<string, string> => {
    const values = { ...emptyValues(), card };
    const out: Record<string, string> = {};
    for (const k of CARD_ORDER) {
      const m = fieldError(values, `card.${k}`);
      if (m) out[`card.${k}`] = m;
    }
    return out;
  };

  /** The payment is taken: the server checks it with the provider and makes the order. */
  async function convert(quote: QuoteView, pay: PayAnswer) {
    const r = await callApi<ConvertAnswer>('/api/quote/convertToOrder', 'POST', {
      quoteId: quote.id,
      token: link.current.token,
      payment: {
        transactionId: pay.transactionId ?? pay.paymentIntent?.id,
        amount: pay.amount ?? quote.total,
        method: methodName,
        methodLabel: pay.methodLabel ?? method?.title,
        status: pay.status,
      },
    });
    const number = r.body.order?.orderIncrementId;
    if (r.status !== 200 || !number) return fail(r.body.message || PAYMENT_MESSAGES.failed);
    storeOrderNumber(number);
    window.location.assign(successUrl);
  }

  async function payWithStripe(quote: QuoteView) {
    const handle = stripeCard.current;
    if (!handle) return fail(PAYMENT_MESSAGES.stripeNotReady);
    const billing = quote.addresses.find((a) => a.type === 'billing');
    const pm = await handle.createPaymentMethod({
      name: `${quote.firstName} ${quote.lastName}`,
      email: quote.email,
      phone: billing?.phoneNumber ?? '',
    });
    if ('error' in pm) return fail(pm.error);
    const r = await callApi<PayAnswer>('/api/quote/pay', 'POST', {
      quoteId: quote.id,
      token: link.current.token,
      paymentMethod: methodName,
      paymentToken: pm.id,
    });
    const pi = r.body.paymentIntent;
    if (r.status === 0) return fail(PAYMENT_MESSAGES.processingError);
    if (r.status >= 400 || !pi?.id || !pi.status) return fail(r.body.message || PAYMENT_MESSAGES.failed);
    switch (pi.status) {
      case 'succeeded':
        return convert(quote, r.body);
      case 'requires_payment_method':
      case 'requires_confirmation': {
        const c = await handle.confirmCardPayment(pi.client_secret ?? '');
        if (c.error) return fail(c.error.message || PAYMENT_MESSAGES.failed);
        return convert(quote, r.body);
      }
      case 'requires_action': {
        setNotice(PAYMENT_MESSAGES.additionalAuthentication);
        const a = await handle.handleNextAction(pi.client_secret ?? '');
        if (a.error) return fail(a.error.message || PAYMENT_MESSAGES.failed);
        return convert(quote, r.body);
      }
      default:
        return fail(unexpectedPaymentStatus(pi.status));
    }
  }

  async function payNow(quote: QuoteView) {
    if (stripeKey) return payWithStripe(quote);
    let paymentToken: string;
    if (acceptJs) {
      const opaque = await dispatchCard(acceptJs, card);
      if ('error' in opaque) return fail(opaque.error);
      paymentToken = opaque.dataValue;
    } else {
      if (!tokenizerUrl) return fail(PAYMENT_MESSAGES.notAvailable);
      const tokenized = await tokenizeCard(tokenizerUrl, card);
      if ('error' in tokenized) return fail(tokenized.error, tokenized.fieldErrors);
      paymentToken = tokenized.token;
    }
    const r = await callApi<PayAnswer>('/api/quote/pay', 'POST', {
      quoteId: quote.id,
      token: link.current.token,
      paymentMethod: methodName,
      paymentToken,
    });
    if (r.status === 200 && r.body.transactionId) return convert(quote, r.body);
    if (r.status === 202 && r.body.nextAction?.url) {
      // The gateway's authentication page returns to /payment/{method}/verify, which converts the quote.
      window.location.assign(r.body.nextAction.url);
      return;
    }
    if (r.status === 202) return setNotice(r.body.message || PAYMENT_MESSAGES.additionalAuthentication);
    fail(
      r.status === 0 ? PAYMENT_MESSAGES.processingError : r.body.message || PAYMENT_MESSAGES.failed,
      r.status === 422 ? r.body.errors : undefined,
    );
  }

  async function submit(e: FormEvent, quote: QuoteView) {
    e.preventDefault();
    if (submitting.current) return;
    setFormError('');
    setNotice('');
    const errs = !methodName
      ? { paymentMethod: PAYMENT_MESSAGES.notAvailable }
      : withCard
        ? cardErrors()
        : stripeKey
          ? (stripeCard.current?.validate() ?? { 'stripe.cardNumber': PAYMENT_MESSAGES.stripeNotReady })
          : {};
    setErrors(errs);
    if (Object.keys(errs).length) {
      const first = CARD_ORDER.find((k) => errs[`card.${k}`]);
      if (first) document.getElementById(`${uid}-card-${first}`)?.focus();
      else if (stripeCard.current) stripeCard.current.focus(Object.keys(errs)[0]!);
      return;
    }
    submitting.current = true;
    setBusy(true);
    try {
      await payNow(quote);
    } catch {
      fail(PAYMENT_MESSAGES.handlingError);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  if (view.status === 'loading')
    return (
      <section className={styles.section}>
        <p role="status" aria-busy="true">
          {QUOTE_MESSAGES.loading}
        </p>
      </section>
    );
  if (view.status === 'expired')
    return (
      <section className={styles.section}>
        <p role="alert">{QUOTE_MESSAGES.expired}</p>
        <p className={styles.links}>
          <a href={homeUrl}>Home</a>
          <a href={contactUrl}>Contact Us</a>
        </p>
      </section>
    );
  if (view.status === 'notFound')
    return (
      <section className={styles.section}>
        <p role="alert">{QUOTE_MESSAGES.notFound}</p>
        <p className={styles.links}>
          <a href={homeUrl}>Go to Home Page</a>
        </p>
      </section>
    );

  const quote = view.quote;
  const billing = quote.addresses.find((a) => a.type === 'billing');
  const shipping = quote.addresses.find((a) => a.type === 'shipping');
  const setCardField = (k: keyof CardValues) => (x: string) => {
    setCard((c) => ({ ...c, [k]: x }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => key !== `card.${k}`)));
  };
  const clearError = (key: string) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)));

  return (
    <section className={styles.section} aria-labelledby={`${uid}-title`}>
      <h1 id={`${uid}-title`}>
        {title} #{quote.quoteIncrementId}
      </h1>
      {quote.poNumber && <p>PO number: {quote.poNumber}</p>}
      <table className={styles.table}>
        <caption className={checkoutStyles.srOnly}>Quote items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col" className={styles.num}>
              Qty
            </th>
            <th scope="col" className={styles.num}>
              Price
            </th>
            <th scope="col" className={styles.num}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.items.map((i) => (
            <tr key={i.id}>
              <td>
                {i.name}
                {i.notes && <div className={checkoutStyles.muted}>{i.notes}</div>}
              </td>
              <td>{i.sku}</td>
              <td className={styles.num}>{i.qty}</td>
              <td className={styles.num}>{formatPrice(i.price)}</td>
              <td className={styles.num}>{formatPrice(i.rowTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={checkoutStyles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(quote.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping ({quote.shippingLabel})</dt>
          <dd>{formatPrice(quote.shippingAmount)}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{formatPrice(quote.taxAmount)}</dd>
        </div>
        {quote.discountAmount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>-{formatPrice(quote.discountAmount)}</dd>
          </div>
        )}
        <div className={checkoutStyles.total}>
          <dt>Total</dt>
          <dd>{formatPrice(quote.total)}</dd>
        </div>
      </dl>
      {quote.additionalNotes && (
        <div>
          <h2>Notes</h2>
          <p>{quote.additionalNotes}</p>
        </div>
      )}
      <div className={styles.addresses}>
        <AddressBlock title="Billing address" a={billing} />
        <AddressBlock title="Shipping address" a={shipping} />
      </div>
      {quote.status === 'paid' ? (
        <p role="status">
          {QUOTE_MESSAGES.alreadyPaid} Your order number is <strong>#{quote.orderIncrementId}</strong>
        </p>
      ) : (
        <form
          className={checkoutStyles.form}
          noValidate
          onSubmit={(e) => void submit(e, quote)}
          aria-label="Pay your quote"
        >
          {methods && !methods.list.length && (
            <p className={checkoutStyles.alert} role="alert">
              {PAYMENT_MESSAGES.notAvailable}
            </p>
          )}
          <fieldset className={checkoutStyles.fieldset}>
            <legend>Payment method</legend>
            {methods?.testMode && <p className={checkoutStyles.testMode}>{TEST_MODE_MESSAGES.notice}</p>}
            {methods?.list.map((m) => (
              <label key={m.name} className={checkoutStyles.choice}>
                <input
                  type="radio"
                  name={`${uid}-payment`}
                  value={m.name}
                  checked={methodName === m.name}
                  onChange={() => (setMethodName(m.name), setErrors({}))}
                />
                <span>{m.title}</span>
              </label>
            ))}
            {withCard && (
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
            )}
            {stripeKey && (
              <Suspense fallback={<p className={checkoutStyles.note}>{QUOTE_MESSAGES.loading}</p>}>
                <StripeCard publishableKey={stripeKey} errors={errors} onChange={clearError} handle={stripeCard} />
              </Suspense>
            )}
          </fieldset>
          <div
            ref={formErrorRef}
            tabIndex={-1}
            role="alert"
            className={formError ? checkoutStyles.formError : undefined}
          >
            {formError}
          </div>
          <div role="status">{notice && <p className={checkoutStyles.notice}>{notice}</p>}</div>
          <button
            type="submit"
            className={checkoutStyles.submit}
            disabled={busy || !methods?.list.length}
            aria-busy={busy || undefined}
          >
            {busy ? 'Processing...' : payNowText}
          </button>
        </form>
      )}
    </section>
  );
}

export default defineBlock({
  type: 'quote-payment',
  component: QuotePayment,
  island: 'load',
  description:
    'The quote payment page: the quote of the link, its payment methods and Pay Now; expired and not-found views.',
});
