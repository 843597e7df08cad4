/** The shipping methods the server quoted for the address, or why there are none yet. */
import type { ReactNode } from 'react';
import { SHIPPING_MESSAGES, type ShippingMethodQuote, checkoutStyles as styles } from '../../engine/index.ts';
import { amount } from './order-summary.tsx';
import type { EstimateState } from './use-shipping-estimate.ts';

export function ShippingMethods({
  name,
  estimate,
  quotes,
  chosen,
  onChoose,
}: {
  /** The radios' group name. */
  name: string;
  estimate: EstimateState;
  quotes: readonly ShippingMethodQuote[];
  chosen: string;
  onChoose: (type: string) => void;
}) {
  const data = estimate.status === 'ready' ? estimate.data : undefined;
  let body: ReactNode;
  if (estimate.status === 'error')
    body = <p className={styles.alert}>{estimate.message ?? SHIPPING_MESSAGES.failed}</p>;
  else if (!data) body = <p className={styles.note}>{SHIPPING_MESSAGES.pending}</p>;
  else if (data.message) body = <p className={styles.note}>{data.message}</p>;
  else if (!quotes.length) body = <p className={styles.alert}>{SHIPPING_MESSAGES.none}</p>;
  else
    body = quotes.map((q) => (
      <label key={q.type} className={styles.choice}>
        <input type="radio" name={name} value={q.type} checked={chosen === q.type} onChange={() => onChoose(q.type)} />
        <span>
          {q.displayName} <strong>{amount(q.amount)}</strong>
          {q.description && <span className={styles.muted}> {q.description}</span>}
        </span>
      </label>
    ));
  return (
    <fieldset className={styles.fieldset} aria-live="polite">
      <legend>Shipping method</legend>
      {body}
    </fieldset>
  );
}
