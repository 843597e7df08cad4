/**
 * The checkout (/checkout): billing and shipping addresses, the server's shipping methods and
 * totals, the payment method and card, and the cart summary (a column on desktop, a slide-in
 * panel under 1201 px). Submit creates the order (or updates the one a failed payment left),
 * then pays it; the server decides every amount and state.
 *
 * This is the light entry. The cart lives in the browser, so the page is prerendered as its
 * loading line; the form itself (checkout-view.tsx: react-hook-form, zod, the payment code) is a
 * chunk of its own, shared with the form block's, that starts loading as soon as this module runs,
 * alongside the cart's data. An empty cart needs none of it.
 */
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import {
  ActionLink,
  CART_MESSAGES,
  currentShop,
  PAYMENT_MESSAGES,
  defineBlock,
  pushEvent,
  resolveSampleLines,
  useSampleCart,
  useSampleData,
  checkoutStyles as styles,
} from '../../engine/index.ts';
import type { CheckoutProps } from '../../schemas/types/blocks/checkout.ts';
import type { CheckoutViewProps } from './checkout-view.tsx';
import { LOADING_TEXT } from './texts.ts';

export { LOADING_TEXT };

type View = ComponentType<CheckoutViewProps>;
let loaded: View | undefined;
let loading: Promise<View> | undefined;
const loadView = () => (loading ??= import('./checkout-view.tsx').then((m) => (loaded = m.default)));
// In the browser the form's code is fetched at once, in parallel with the cart's data.
if (typeof window !== 'undefined') loadView().catch(() => undefined);

function Checkout({ title, placeOrderText, continueUrl, successUrl }: CheckoutProps) {
  const data = useSampleData();
  const cartItems = useSampleCart();
  const catalogue = data.status === 'ready' ? data.data : undefined;
  const lines = useMemo(
    () => (catalogue ? resolveSampleLines(cartItems, catalogue).lines : []),
    [cartItems, catalogue],
  );
  const [view, setView] = useState<{ View?: View; failed?: boolean }>(() => ({ View: loaded }));

  useEffect(() => {
    if (view.View) return;
    let live = true;
    loadView().then(
      (View) => live && setView({ View }),
      () => live && setView({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [view.View]);

  // begin_checkout once the cart is known and has lines.
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current || !lines.length) return;
    begun.current = true;
    pushEvent('begin_checkout', {
      ecommerce: {
        currency: currentShop().currency.code,
        items: lines.map((l) => ({ item_id: l.sku, item_name: l.name, price: l.price, quantity: l.qty })),
      },
    });
  }, [lines]);

  if (data.status === 'error')
    return (
      <p className={styles.alert} role="alert">
        {PAYMENT_MESSAGES.processingError}
      </p>
    );
  if (!catalogue)
    return (
      <p className={styles.note} role="status">
        {LOADING_TEXT}
      </p>
    );
  if (!lines.length)
    return (
      <section className={styles.empty}>
        <p>{CART_MESSAGES.empty}</p>
        <ActionLink action={{ label: CART_MESSAGES.continueShopping, url: continueUrl }} variant="outline" />
      </section>
    );
  if (view.failed)
    return (
      <p className={styles.alert} role="alert">
        {PAYMENT_MESSAGES.processingError}
      </p>
    );
  if (!view.View)
    return (
      <p className={styles.note} role="status">
        {LOADING_TEXT}
      </p>
    );
  return <view.View title={title} placeOrderText={placeOrderText} successUrl={successUrl} lines={lines} />;
}

export default defineBlock({
  type: 'checkout',
  component: Checkout,
  island: { start: 'load', code: 'component' },
  description:
    'The guest checkout: addresses, shipping method, payment method and card, cart summary; creates and pays the order.',
});
