/**
 * The order-success page: shows the order number the checkout stored, then removes it and
 * clears the sample cart; then what was bought, as the server stored it (a sample order's
 * samples, a paid quote's lines; a payment held for review says so instead of the samples' note).
 * Opened with no stored number it goes to /checkout.
 */
import { useEffect, useRef, useState } from 'react';
import {
  ORDER_NUMBER_KEY,
  defineBlock,
  forgetCheckoutKey,
  sampleCart,
  takeReceipt,
  type OrderReceipt,
} from '../../engine/index.ts';
import type { OrderSuccessProps } from '../../schemas/types/blocks/order-success.ts';
import styles from './order-success.module.css';
import { fetchSummary, type OrderSummary } from './summary.ts';
import { SummaryView } from './summary-view.tsx';

function takeOrderNumber(): string | null {
  try {
    const n = localStorage.getItem(ORDER_NUMBER_KEY);
    localStorage.removeItem(ORDER_NUMBER_KEY);
    return n;
  } catch {
    return null;
  }
}

interface Taken {
  number: string | null;
  receipt: OrderReceipt | null;
}

function OrderSuccess(props: OrderSuccessProps) {
  const { title, numberText, checkoutUrl } = props;
  // A ref, so React's repeated effects in development read the stored number only once.
  const taken = useRef<Taken | undefined>(undefined);
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  const [summary, setSummary] = useState<OrderSummary | undefined>(undefined);

  useEffect(() => {
    taken.current ??= { number: takeOrderNumber(), receipt: takeReceipt() };
    const { number, receipt } = taken.current;
    if (!number) {
      window.location.replace(checkoutUrl);
      return;
    }
    sampleCart().clear();
    forgetCheckoutKey();
    setOrderNumber(number);
    if (!receipt) return;
    const abort = new AbortController();
    void fetchSummary(receipt, number, abort.signal).then((s) => {
      if (!abort.signal.aborted) setSummary(s);
    });
    return () => abort.abort();
  }, [checkoutUrl]);

  return (
    <section className={styles.section}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.number} role="status">
        {orderNumber && (
          <>
            {numberText} <strong>#{orderNumber}</strong>
          </>
        )}
      </p>
      {summary && <SummaryView summary={summary} {...props} />}
    </section>
  );
}

export default defineBlock({
  type: 'order-success',
  component: OrderSuccess,
  island: { start: 'load', code: 'component' },
  description: 'Thank-you heading with the order number the checkout stored, and a summary of what was bought.',
});
