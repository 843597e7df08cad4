/**
 * The payment-failure page's body: the reason the verification gave (when the verify page left
 * one for this tab) and the way back to the checkout, where the same order can be paid again.
 */
import { useEffect, useState } from 'react';
import { ActionLink, defineBlock } from '../../engine/index.ts';
import type { PaymentFailProps } from '../../schemas/types/blocks/payment-fail.ts';
import { PAYMENT_ERROR_KEY } from '../../engine/index.ts';
import styles from './payment-fail.module.css';

function PaymentFail({ text, checkoutText, checkoutUrl }: PaymentFailProps) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    try {
      setReason(sessionStorage.getItem(PAYMENT_ERROR_KEY) ?? '');
      sessionStorage.removeItem(PAYMENT_ERROR_KEY);
    } catch {
      /* storage unavailable: no reason to show */
    }
  }, []);
  return (
    <div className={styles.section}>
      {reason && (
        <p className={styles.reason} role="alert">
          {reason}
        </p>
      )}
      {text && <p>{text}</p>}
      <ActionLink action={{ label: checkoutText, url: checkoutUrl }} />
    </div>
  );
}

export default defineBlock({
  type: 'payment-fail',
  component: PaymentFail,
  island: { start: 'load', code: 'component' },
  description: 'Why the payment failed (when known) and the link back to the checkout.',
});
