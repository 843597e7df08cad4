/**
 * The checkout (/checkout): billing and shipping addresses, the server's shipping methods and
 * totals, the payment method and card, and the cart summary (a column on desktop, a slide-in
 * panel under 1201 px). Submit creates the order (or updates the one a failed payment left),
 * then pays it; the server decides every amount and state (spec 000 sections 2, 4, 5, 8).
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ActionLink,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  EXPIRY_MONTHS,
  PAYMENT_MESSAGES,
  SHIPPING_MESSAGES,
  TEST_MODE_MESSAGES,
  US_STATES,
  defineBlock,
  expiryYears,
  currentShop,
  formatPrice,
  pushEvent,
  resolveSampleLines,
  sampleCart,
  useSampleCart,
  useSampleData,
  unexpectedPaymentStatus,
  type AddressField,
} from '../../engine/index.ts';
import type { CheckoutProps } from '../../schemas/types/blocks/checkout.ts';
import {
  callApi,
  defaultPaymentMethod,
  enabledMethods,
  readPendingOrder,
  storeOrderNumber,
  storePendingOrder,
  type ApiResult,
  type Estimate,
  type PaymentMethodInfo,
  type PendingOrder,
} from './checkout-api.ts';
import { US_ONLY, countryOptions, emptyValues, fieldError, fieldKeys, isNonUs, notShipped, shippingLocation, validate, type AddressValues, type CheckoutValues } from './checkout-form.ts';
import styles from './checkout.module.css';
import { SelectField, TextField } from './fields.tsx';
import { preloadTokenizer, tokenizeCard } from './gateways/tokenizer.ts';
import { acceptJsConfig, dispatchCard, preloadAcceptJs, processTransactionBody, PROCESS_TRANSACTION_URL } from './gateways/accept-js.ts';
import type { StripeCardHandle } from './gateways/stripe-card.tsx';

export const LOADING_TEXT = 'Loading checkout...';
/** Stripe's fields and Stripe.js: their own chunk, fetched only when the Stripe method is shown. */
const StripeCard = lazy(() => import('./gateways/stripe-card.tsx').then((m) => ({ default: m.StripeCard })));
const STRIPE_GATEWAY = 'stripe';

interface PaidOrder {
  orderIncrementId: string;
  status?: string;
  total: number;
  subtotal: number;
  taxAmount: number;
  shippingAmount: number;
}
interface PayAnswer {
  status?: string;
  nextAction?: { type?: string; url?: string };
  order?: PaidOrder;
  paymentIntent?: { id?: string; status?: string; client_secret?: string };
}
const STATE_OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));
const MONTH_OPTIONS = EXPIRY_MONTHS.map((m) => ({ value: m, label: m }));
const ESTIMATE_DELAY_MS = 400;
/** A figure the server may leave out (no address yet: no shipping, tax or total). */
const amount = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? formatPrice(n) : '—');
/** The estimate's chosen method: its type, or the method itself. */
const serverMethod = (e: Estimate | undefined) => (typeof e?.shippingMethod === 'string' ? e.shippingMethod : e?.shippingMethod?.type) || undefined;
const itemCount = (n: number) => (n === 1 ? '1 item' : `${n} items`);

type EstimateState = { status: 'loading' } | { status: 'ready'; data: Estimate } | { status: 'error'; message?: string };
/** The server's ZIP/state refusal of an estimate (422 on shippingAddress.zipCode), shown on the ZIP field the address came from. */
const zipRefusal = (r: { status: number; body: { errors?: Record<string, string> } }) => (r.status === 422 ? r.body.errors?.['shippingAddress.zipCode'] : undefined);
const ZIP_REFUSALS: readonly string[] = [CHECKOUT_MESSAGES.zipStateMismatch, CHECKOUT_MESSAGES.zipNotUs];
/** testMode: the server pays through a gateway that takes no real payment (the sandbox). */
type PaymentMethodsState = { status: 'loading' } | { status: 'ready'; methods: PaymentMethodInfo[]; testMode: boolean };

const ADDRESS_LABELS: Record<AddressField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  street1: 'Address 1',
  street2: 'Address 2',
  countryId: 'Country',
  state: 'State',
  city: 'City',
  zipCode: 'Zip Code',
};
const AUTOCOMPLETE: Record<AddressField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phoneNumber: 'tel',
  street1: 'address-line1',
  street2: 'address-line2',
  countryId: 'country',
  state: 'address-level1',
  city: 'address-level2',
  zipCode: 'postal-code',
};

function Checkout({
  title = 'Billing details',
  placeOrderText = 'Place Order',
  continueUrl = '/order-samples',
  successUrl = '/order/success',
}: CheckoutProps) {
  const uid = useId();
  const fid = (key: string) => `${uid}-${key.replace('.', '-')}`;
  const navigate = useNavigate();
  const data = useSampleData();
  const cartItems = useSampleCart();
  const catalogue = data.status === 'ready' ? data.data : undefined;
  const lines = useMemo(() => (catalogue ? resolveSampleLines(cartItems, catalogue).lines : []), [cartItems, catalogue]);
  const items = useMemo(() => lines.map((l) => ({ sku: l.sku, finish: { type: l.finish.type, value: l.finish.value }, qty: l.qty })), [lines]);

  const [values, setValues] = useState<CheckoutValues>(emptyValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [estimate, setEstimate] = useState<EstimateState>({ status: 'loading' });
  const [methods, setMethods] = useState<PaymentMethodsState>({ status: 'loading' });
  const pending = useRef<PendingOrder | null>(null);
  /** The cart, place and method the shown estimate is for. */
  const settledKey = useRef('');
  const submitting = useRef(false);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const years = useMemo(() => expiryYears().map((y) => ({ value: String(y), label: String(y) })), []);

  // Payment methods: the enabled default, else the first; none (or a failure) says so.
  useEffect(() => {
    let live = true;
    void callApi<{ paymentMethods?: unknown; testMode?: boolean }>('/api/payment-methods?scope=sample-order', 'GET').then((r) => {
      if (!live) return;
      const list = r.status === 200 ? enabledMethods(r.body.paymentMethods) : [];
      setMethods({ status: 'ready', methods: list, testMode: list.length > 0 && r.body.testMode === true });
      const chosen = defaultPaymentMethod(list);
      if (chosen) setValues((v) => (v.paymentMethod ? v : { ...v, paymentMethod: chosen.name }));
    });
    return () => {
      live = false;
    };
  }, []);

  // begin_checkout once the cart is known and has lines.
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current || !lines.length) return;
    begun.current = true;
    pushEvent('begin_checkout', {
      ecommerce: { currency: currentShop().currency.code, items: lines.map((l) => ({ item_id: l.sku, item_name: l.name, price: l.price, quantity: l.qty })) },
    });
  }, [lines]);

  // The server's shipping methods and totals, again whenever the cart or where it ships changes.
  const location = shippingLocation(values);
  const locationKey = location ? `${location.countryId}|${location.state}|${location.zipCode}` : '';
  const estimateKey = `${JSON.stringify(items)}|${locationKey}|${values.shippingMethod}`;
  const zipKey = `${values.sameAsBilling ? 'billing' : 'shipping'}.zipCode`;
  useEffect(() => {
    if (!items.length) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setEstimate((e) => (e.status === 'ready' ? e : { status: 'loading' }));
      callApi<Estimate>('/api/checkout/estimate', 'POST', { items, shippingAddress: location, shippingMethod: values.shippingMethod || undefined }, abort.signal)
        .then((r) => {
          const zip = zipRefusal(r);
          if (r.status === 200 && r.body.totals) {
            setEstimate({ status: 'ready', data: r.body as Estimate });
            settledKey.current = estimateKey;
            // A ZIP the server refused before now fits its state.
            setErrors((e) => (ZIP_REFUSALS.includes(e[zipKey] ?? '') ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== zipKey)) : e));
          } else {
            if (zip) setErrors((e) => ({ ...e, [zipKey]: zip }));
            setEstimate({ status: 'error', message: zip });
          }
        })
        .catch(() => undefined);
    }, ESTIMATE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // estimateKey stands for items, location and the method.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [estimateKey]);

  const estimateData = estimate.status === 'ready' ? estimate.data : undefined;
  const quotes = estimateData && !estimateData.message ? estimateData.shippingMethods : [];
  const chosenShipping = values.shippingMethod && quotes.some((q) => q.type === values.shippingMethod) ? values.shippingMethod : serverMethod(estimateData) ?? quotes[0]?.type ?? '';

  const methodList = methods.status === 'ready' ? methods.methods : [];
  const method = methodList.find((m) => m.name === values.paymentMethod);
  // Card fields show for a method whose gateway's script takes them (and hands back a token).
  const tokenizerUrl = method?.config?.tokenizerUrl;
  // Authorize.Net: the same direct-entry fields, handed to Accept.js.
  const acceptJs = acceptJsConfig(method);
  const withCard = !!tokenizerUrl || !!acceptJs;
  const stripeKey = method?.gateway === STRIPE_GATEWAY ? method.config?.publishableKey : undefined;
  const stripeCard = useRef<StripeCardHandle | null>(null);
  useEffect(() => {
    if (tokenizerUrl) void preloadTokenizer(tokenizerUrl);
  }, [tokenizerUrl]);
  const acceptJsUrl = acceptJs?.acceptJsUrl;
  useEffect(() => {
    if (acceptJsUrl) void preloadAcceptJs(acceptJsUrl);
  }, [acceptJsUrl]);

  // The slide-in summary takes the focus when it opens and gives it back when it closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (cartOpen) closeRef.current?.focus();
    else if (wasOpen.current) openRef.current?.focus();
    wasOpen.current = cartOpen;
  }, [cartOpen]);

  const setAddress = (group: 'billing' | 'shipping', field: AddressField, value: string) => {
    if (field === 'countryId' && notShipped(value) && (group === 'shipping' || values.sameAsBilling)) {
      window.alert(US_ONLY);
      // Same-as-billing goes off: the billing address may be abroad, the shipping one may not.
      setValues((v) => ({ ...v, sameAsBilling: false, shipping: group === 'billing' ? { ...v.billing } : v.shipping, [group]: { ...v[group], countryId: group === 'shipping' ? v.shipping.countryId : value } }));
      return;
    }
    setValues((v) => {
      const next: AddressValues = { ...v[group], [field]: value };
      if (field === 'countryId') next.state = '';
      return { ...v, [group]: next };
    });
    clearError(`${group}.${field}`);
  };

  const clearError = (key: string) => setErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  const blur = (key: string) => () => {
    const m = fieldError(values, key);
    setErrors((e) => {
      const next = { ...e };
      if (m) next[key] = m;
      else delete next[key];
      return next;
    });
  };

  const focusFirst = useCallback(
    (errs: Record<string, string>, v: CheckoutValues, card: boolean) => {
      const first = fieldKeys(v, card).find((k) => errs[k]);
      const hosted = Object.keys(errs).find((k) => k.startsWith('stripe.'));
      if (first) document.getElementById(first === 'paymentMethod' ? `${uid}-pm-0` : fid(first))?.focus();
      else if (hosted && stripeCard.current) stripeCard.current.focus(hosted);
      else if (Object.keys(errs).length) formErrorRef.current?.focus();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [uid],
  );

  const showFailure = (message: string, fieldErrors?: Record<string, string>) => {
    setFormError(message);
    if (fieldErrors && Object.keys(fieldErrors).length) {
      setErrors(fieldErrors);
      focusFirst(fieldErrors, values, withCard);
    } else requestAnimationFrame(() => formErrorRef.current?.focus());
  };

  /**
   * The shipping method to order with: the estimate's, or a fresh estimate's when it is not back
   * yet; null when the server refused the ZIP (the failure is shown on the field).
   */
  async function shippingForSubmit(): Promise<string | undefined | null> {
    const key = `${JSON.stringify(items)}|${locationKey}|${values.shippingMethod}`;
    if (chosenShipping && settledKey.current === key) return chosenShipping;
    const r = await callApi<Estimate>('/api/checkout/estimate', 'POST', { items, shippingAddress: location, shippingMethod: values.shippingMethod || undefined });
    if (r.status !== 200 || !r.body.totals) {
      const zip = zipRefusal(r);
      setEstimate({ status: 'error', message: zip });
      if (!zip) return undefined;
      showFailure(zip, { [zipKey]: zip });
      return null;
    }
    setEstimate({ status: 'ready', data: r.body as Estimate });
    settledKey.current = key;
    const list = r.body.message ? [] : r.body.shippingMethods ?? [];
    return serverMethod(r.body as Estimate) ?? list[0]?.type;
  }

  async function placeOrder(): Promise<void> {
    const shippingMethod = await shippingForSubmit();
    if (shippingMethod === null) return;
    if (!shippingMethod) return showFailure(estimate.status === 'error' ? SHIPPING_MESSAGES.failed : SHIPPING_MESSAGES.none);
    const shipping = values.sameAsBilling ? { ...values.billing } : values.shipping;
    const trim = (a: AddressValues) => Object.fromEntries(Object.entries(a).map(([k, x]) => [k, x.trim()]));
    const content = {
      items,
      billing: trim(values.billing),
      shipping: trim(shipping),
      sameAsBilling: values.sameAsBilling,
      shippingMethod,
      paymentMethod: values.paymentMethod,
    };
    let order = pending.current ?? readPendingOrder();
    let total: number | undefined;
    if (order) {
      // A payment retry: update the order the failed payment left.
      const r = await callApi<{ order?: { id: number; total: number } }>('/api/order', 'PATCH', { id: order.id, token: order.token, ...content });
      if (r.status === 403 || r.status === 404 || r.status === 409) order = null;
      else if (r.status !== 200) return showFailure(r.body.message || PAYMENT_MESSAGES.processingError, r.body.errors);
      total = r.body.order?.total;
    }
    if (!order) {
      const r = await callApi<{ order?: { id: number; total: number }; orderToken?: string }>('/api/order', 'POST', { idempotencyKey: crypto.randomUUID(), ...content });
      if ((r.status !== 200 && r.status !== 201) || !r.body.order || !r.body.orderToken) return showFailure(r.body.message || PAYMENT_MESSAGES.processingError, r.body.errors);
      order = { id: r.body.order.id, token: r.body.orderToken };
      total = r.body.order.total;
    }
    pending.current = order;
    storePendingOrder(order);
    if (stripeKey) return payWithStripe(order, total);

    // The card goes to the gateway's script only; the shop gets its token.
    let pay: ApiResult<PayAnswer>;
    if (acceptJs) {
      const opaque = await dispatchCard(acceptJs, values.card);
      if ('error' in opaque) return showFailure(opaque.error);
      pay = await callApi<PayAnswer>(PROCESS_TRANSACTION_URL, 'POST', processTransactionBody(order, values.paymentMethod, opaque, total, values.billing, shipping));
    } else {
      if (!tokenizerUrl) return showFailure(PAYMENT_MESSAGES.notAvailable);
      const tokenized = await tokenizeCard(tokenizerUrl, values.card);
      if ('error' in tokenized) return showFailure(tokenized.error, tokenized.fieldErrors);
      pay = await callApi<PayAnswer>('/api/order/pay', 'POST', { id: order.id, token: order.token, paymentMethod: values.paymentMethod, paymentToken: tokenized.token });
    }
    if (pay.status === 200 && pay.body.success && pay.body.order) return paid(pay.body.order);
    if (pay.status === 202 && pay.body.nextAction?.url) {
      window.location.assign(pay.body.nextAction.url);
      return;
    }
    if (pay.status === 202) {
      setNotice(pay.body.message || PAYMENT_MESSAGES.additionalAuthentication);
      return;
    }
    if (pay.status === 422 && pay.body.errors) return showFailure(pay.body.message || PAYMENT_MESSAGES.failed, pay.body.errors);
    showFailure(pay.status === 0 ? PAYMENT_MESSAGES.processingError : pay.body.message || PAYMENT_MESSAGES.failed);
  }

  /** The order is paid: its number for the success page, the purchase event, an empty cart. */
  function paid(o: PaidOrder) {
    storeOrderNumber(o.orderIncrementId);
    storePendingOrder(null);
    pending.current = null;
    pushEvent('purchase', {
      ecommerce: {
        transaction_id: o.orderIncrementId,
        currency: currentShop().currency.code,
        value: o.total,
        tax: o.taxAmount,
        shipping: o.shippingAmount,
        items: lines.map((l) => ({ item_id: l.sku, item_name: l.name, price: l.price, quantity: l.qty })),
      },
    });
    sampleCart().clear();
    void navigate(successUrl);
  }

  /**
   * Stripe (spec 000 sections 4 and 7): the card becomes a PaymentMethod at Stripe; the shop
   * creates and confirms the intent for the order's total; the answer's intent status decides
   * what comes next.
   */
  async function payWithStripe(order: PendingOrder, total: number | undefined): Promise<void> {
    const card = stripeCard.current;
    if (!card) return showFailure(PAYMENT_MESSAGES.stripeNotReady);
    const b = values.billing;
    try {
      const pm = await card.createPaymentMethod({ name: `${b.firstName.trim()} ${b.lastName.trim()}`, email: b.email.trim(), phone: b.phoneNumber.trim() });
      if ('error' in pm) return showFailure(pm.error);
      const r = await callApi<PayAnswer>('/api/payment/stripe/payment-intent', 'POST', {
        orderId: order.id,
        token: order.token,
        paymentMethod: values.paymentMethod,
        paymentMethodId: pm.id,
        currency: 'usd',
        receiptEmail: b.email.trim(),
        ...(total === undefined ? {} : { amount: total }),
      });
      await handleIntent(order, card, r, 0);
    } catch {
      showFailure(PAYMENT_MESSAGES.handlingError);
    }
  }

  /** Spec 000 section 4's card intent handling. */
  async function handleIntent(order: PendingOrder, card: StripeCardHandle, r: ApiResult<PayAnswer>, depth: number): Promise<void> {
    if (r.status === 0) return showFailure(PAYMENT_MESSAGES.processingError);
    const pi = r.body.paymentIntent;
    if (r.status >= 400 || !pi?.id || !pi.status) return showFailure(r.body.message || PAYMENT_MESSAGES.failed, r.status === 422 ? r.body.errors : undefined);
    if (depth > 3) return showFailure(PAYMENT_MESSAGES.handlingError);
    const ids = { orderId: order.id, token: order.token, paymentIntentId: pi.id };
    const retrieve = () => callApi<PayAnswer>('/api/payment/stripe/payment-intent/retrieve', 'POST', ids);
    switch (pi.status) {
      case 'succeeded': {
        // Retrieved again on the server, which settles the order from what Stripe says.
        const again = depth > 0 ? r : await retrieve();
        if (again.body.success && again.body.order) return paid(again.body.order);
        return showFailure(again.body.message || PAYMENT_MESSAGES.failed);
      }
      case 'requires_payment_method':
      case 'requires_confirmation': {
        const c = await card.confirmCardPayment(pi.client_secret ?? '');
        if (c.error) return showFailure(c.error.message || PAYMENT_MESSAGES.failed);
        return handleIntent(order, card, await retrieve(), depth + 1);
      }
      case 'requires_capture':
        return handleIntent(order, card, await callApi<PayAnswer>('/api/payment/stripe/capture-payment', 'POST', ids), depth + 1);
      case 'requires_action': {
        setNotice(PAYMENT_MESSAGES.additionalAuthentication);
        // Stripe's own handling: a modal, or a redirect that comes back to /payment/verify/stripe.
        const a = await card.handleNextAction(pi.client_secret ?? '');
        if (a.error) return showFailure(a.error.message || PAYMENT_MESSAGES.failed);
        return handleIntent(order, card, await retrieve(), depth + 1);
      }
      default:
        return showFailure(unexpectedPaymentStatus(pi.status));
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting.current) return;
    const errs = { ...validate(values, withCard), ...(stripeKey ? (stripeCard.current?.validate() ?? { 'stripe.cardNumber': PAYMENT_MESSAGES.stripeNotReady }) : {}) };
    setErrors(errs);
    setFormError('');
    setNotice('');
    if (Object.keys(errs).length) return focusFirst(errs, values, withCard);
    submitting.current = true;
    setBusy(true);
    try {
      await placeOrder();
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  if (data.status === 'error') return <p className={styles.alert} role="alert">{PAYMENT_MESSAGES.processingError}</p>;
  if (!catalogue) return <p className={styles.note} role="status">{LOADING_TEXT}</p>;
  if (!lines.length)
    return (
      <section className={styles.empty}>
        <p>{CART_MESSAGES.empty}</p>
        <ActionLink action={{ label: CART_MESSAGES.continueShopping, url: continueUrl }} variant="outline" />
      </section>
    );

  const addressFields = (group: 'billing' | 'shipping') => {
    const a = values[group];
    const field = (f: AddressField, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
      <TextField
        key={f}
        id={fid(`${group}.${f}`)}
        label={ADDRESS_LABELS[f]}
        value={a[f]}
        error={errors[`${group}.${f}`]}
        required={f !== 'street2'}
        autoComplete={`${group} ${AUTOCOMPLETE[f]}`}
        onChange={(x) => setAddress(group, f, x)}
        onBlur={blur(`${group}.${f}`)}
        {...extra}
      />
    );
    return (
      <div className={styles.grid}>
        {field('firstName')}
        {field('lastName')}
        {field('email', { type: 'email', inputMode: 'email' })}
        {field('phoneNumber', { type: 'tel', inputMode: 'tel' })}
        {field('street1')}
        {field('street2')}
        <SelectField
          id={fid(`${group}.countryId`)}
          label={ADDRESS_LABELS.countryId}
          value={a.countryId}
          options={countryOptions()}
          required
          autoComplete={`${group} country`}
          error={errors[`${group}.countryId`]}
          onChange={(x) => setAddress(group, 'countryId', x)}
        />
        {isNonUs(a.countryId) ? (
          field('state')
        ) : (
          <SelectField
            id={fid(`${group}.state`)}
            label={ADDRESS_LABELS.state}
            value={a.state}
            options={STATE_OPTIONS}
            placeholder="Select a state"
            required
            autoComplete={`${group} address-level1`}
            error={errors[`${group}.state`]}
            onChange={(x) => setAddress(group, 'state', x)}
            onBlur={blur(`${group}.state`)}
          />
        )}
        {field('city')}
        {field('zipCode', { inputMode: 'numeric' })}
      </div>
    );
  };

  const totals = estimateData?.totals;
  const shippingKnown = !!estimateData && !estimateData.message && quotes.length > 0;
  const summaryId = `${uid}-summary`;

  let shippingBody;
  if (estimate.status === 'error') shippingBody = <p className={styles.alert}>{estimate.message ?? SHIPPING_MESSAGES.failed}</p>;
  else if (!estimateData) shippingBody = <p className={styles.note}>{SHIPPING_MESSAGES.pending}</p>;
  else if (estimateData.message) shippingBody = <p className={styles.note}>{estimateData.message}</p>;
  else if (!quotes.length) shippingBody = <p className={styles.alert}>{SHIPPING_MESSAGES.none}</p>;
  else
    shippingBody = quotes.map((q) => (
      <label key={q.type} className={styles.choice}>
        <input type="radio" name={`${uid}-shipping`} value={q.type} checked={chosenShipping === q.type} onChange={() => setValues((v) => ({ ...v, shippingMethod: q.type }))} />
        <span>
          {q.displayName} <strong>{amount(q.amount)}</strong>
          {q.description && <span className={styles.muted}> {q.description}</span>}
        </span>
      </label>
    ));

  return (
    <section className={styles.checkout}>
      {methods.status === 'ready' && !methodList.length && (
        <p className={styles.alert} role="alert">
          {PAYMENT_MESSAGES.notAvailable}
        </p>
      )}
      <div className={styles.bar}>
        <button ref={openRef} type="button" className={styles.barButton} aria-expanded={cartOpen} aria-controls={summaryId} onClick={() => setCartOpen(true)}>
          Order summary ({itemCount(lines.length)})
        </button>
      </div>
      <div className={styles.layout}>
        <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label="Checkout">
          <fieldset className={styles.fieldset}>
            <legend>{title}</legend>
            {addressFields('billing')}
          </fieldset>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="same_as_billing"
              checked={values.sameAsBilling}
              onChange={(e) => {
                const same = e.target.checked;
                if (same && notShipped(values.billing.countryId)) {
                  window.alert(US_ONLY);
                  return;
                }
                // Either way the shipping fields start as a copy of billing: hidden while checked, editable after.
                setValues((v) => ({ ...v, sameAsBilling: same, shipping: { ...v.billing } }));
              }}
            />
            Shipping address same as billing
          </label>
          {!values.sameAsBilling && (
            <fieldset className={styles.fieldset}>
              <legend>Shipping address</legend>
              {addressFields('shipping')}
            </fieldset>
          )}
          <fieldset className={styles.fieldset} aria-live="polite">
            <legend>Shipping method</legend>
            {shippingBody}
          </fieldset>
          <fieldset className={styles.fieldset} aria-describedby={errors.paymentMethod ? `${uid}-pm-error` : undefined}>
            <legend>Payment method</legend>
            {methods.status === 'ready' && methods.testMode && <p className={styles.testMode}>{TEST_MODE_MESSAGES.notice}</p>}
            {methodList.map((m, i) => (
              <label key={m.name} className={styles.choice}>
                <input
                  id={`${uid}-pm-${i}`}
                  type="radio"
                  name={`${uid}-payment`}
                  value={m.name}
                  checked={values.paymentMethod === m.name}
                  aria-invalid={errors.paymentMethod ? true : undefined}
                  onChange={() => {
                    setValues((v) => ({ ...v, paymentMethod: m.name }));
                    clearError('paymentMethod');
                  }}
                />
                <span>{m.title}</span>
              </label>
            ))}
            {errors.paymentMethod && (
              <p id={`${uid}-pm-error`} className={styles.fieldError}>
                {errors.paymentMethod}
              </p>
            )}
            {withCard && (
              <div className={styles.grid}>
                <TextField
                  id={fid('card.number')}
                  label="Card Number"
                  value={values.card.number}
                  required
                  autoComplete="cc-number"
                  inputMode="numeric"
                  maxLength={23}
                  error={errors['card.number']}
                  onChange={(x) => (setValues((v) => ({ ...v, card: { ...v.card, number: x } })), clearError('card.number'))}
                  onBlur={blur('card.number')}
                />
                <SelectField
                  id={fid('card.expMonth')}
                  label="Expiry Month"
                  value={values.card.expMonth}
                  options={MONTH_OPTIONS}
                  placeholder="MM"
                  required
                  autoComplete="cc-exp-month"
                  error={errors['card.expMonth']}
                  onChange={(x) => (setValues((v) => ({ ...v, card: { ...v.card, expMonth: x } })), clearError('card.expMonth'))}
                />
                <SelectField
                  id={fid('card.expYear')}
                  label="Expiry Year"
                  value={values.card.expYear}
                  options={years}
                  placeholder="YYYY"
                  required
                  autoComplete="cc-exp-year"
                  error={errors['card.expYear']}
                  onChange={(x) => (setValues((v) => ({ ...v, card: { ...v.card, expYear: x } })), clearError('card.expYear'))}
                />
                <TextField
                  id={fid('card.cvv')}
                  label="CVV"
                  value={values.card.cvv}
                  required
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  maxLength={4}
                  error={errors['card.cvv']}
                  onChange={(x) => (setValues((v) => ({ ...v, card: { ...v.card, cvv: x } })), clearError('card.cvv'))}
                  onBlur={blur('card.cvv')}
                />
              </div>
            )}
            {stripeKey && (
              <Suspense fallback={<p className={styles.note}>{LOADING_TEXT}</p>}>
                <StripeCard publishableKey={stripeKey} errors={errors} onChange={clearError} handle={stripeCard} />
              </Suspense>
            )}
          </fieldset>
          <div ref={formErrorRef} tabIndex={-1} role="alert" className={formError ? styles.formError : undefined}>
            {formError}
          </div>
          <div role="status">{notice && <p className={styles.notice}>{notice}</p>}</div>
          <button type="submit" className={styles.submit} disabled={busy || !methodList.length} aria-busy={busy || undefined}>
            {busy ? 'Processing...' : placeOrderText}
          </button>
        </form>
        {cartOpen && <div className={styles.backdrop} onClick={() => setCartOpen(false)} aria-hidden="true" />}
        <aside
          id={summaryId}
          className={`${styles.summary} ${cartOpen ? styles.open : ''}`}
          aria-label="Order summary"
          onKeyDown={(e) => e.key === 'Escape' && setCartOpen(false)}
        >
          <div className={styles.summaryHead}>
            <h2 className={styles.summaryTitle}>
              Your samples <span className={styles.muted}>({itemCount(lines.length)})</span>
            </h2>
            <button ref={closeRef} type="button" className={styles.close} onClick={() => setCartOpen(false)}>
              Close<span className={styles.srOnly}> order summary</span>
            </button>
          </div>
          <ul className={styles.lines}>
            {lines.map((l) => (
              <li key={l.sku} className={styles.line}>
                <span>
                  <span className={styles.lineName}>{l.name}</span>
                  <span className={styles.muted}>Finish: {l.finish.label}</span>
                </span>
                <span>{formatPrice(l.price)}</span>
              </li>
            ))}
          </ul>
          <dl className={styles.totals}>
            <div>
              <dt>Subtotal</dt>
              <dd>{amount(totals?.subtotal)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd>{shippingKnown ? amount(totals?.shippingAmount) : '—'}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>{shippingKnown ? amount(totals?.taxAmount) : '—'}</dd>
            </div>
            <div className={styles.total}>
              <dt>Total</dt>
              <dd>{shippingKnown ? amount(totals?.total) : '—'}</dd>
            </div>
          </dl>
        </aside>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'checkout',
  component: Checkout,
  description: 'The guest checkout: addresses, shipping method, payment method and card, cart summary; creates and pays the order.',
});
