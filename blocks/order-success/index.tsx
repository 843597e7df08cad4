/**
 * The order-success page: shows the order number the checkout stored, then removes it and
 * clears the sample cart. Opened with no stored number it goes to /checkout.
 */
import { useEffect, useRef, useState } from 'react';
import { defineBlock, sampleCart } from '../../engine/index.ts';
import type { OrderSuccessProps } from '../../schemas/types/blocks/order-success.ts';
import { ORDER_NUMBER_KEY } from '../../engine/index.ts';
import styles from './order-success.module.css';

function takeOrderNumber(): string | null {
  try {
    const n = localStorage.getItem(ORDER_NUMBER_KEY);
    localStorage.removeItem(ORDER_NUMBER_KEY);
    return n;
  } catch {
    return null;
  }
}

function OrderSuccess({ title, numberText, checkoutUrl }: OrderSuccessProps) {
  // A ref, so React's repeated effects in development read the stored number only once.
  const taken = useRef<string | null | undefined>(undefined);
  const [orderNumber, setOrderNumber] = useState<string | null>(null);

  useEffect(() => {
    if (taken.current === undefined) taken.current = takeOrderNumber();
    if (!taken.current) {
      window.location.replace(checkoutUrl);
      return;
    }
    sampleCart().clear();
    setOrderNumber(taken.current);
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
    </section>
  );
}

export default defineBlock({
  type: 'order-success',
  component: OrderSuccess,
  island: 'load',
  description: 'Thank-you heading with the order number the checkout stored.',
});
