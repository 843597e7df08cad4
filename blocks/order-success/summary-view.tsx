/** The placed order's lines and totals on the success page, and what happens next. */
import { formatPrice } from '../../engine/index.ts';
import type { OrderSuccessProps } from '../../schemas/types/blocks/order-success.ts';
import styles from './order-success.module.css';
import type { OrderSummary } from './summary.ts';

type SummaryProps = Pick<
  OrderSuccessProps,
  'samplesHeading' | 'quoteHeading' | 'samplesNote' | 'reviewNote' | 'quoteNote' | 'labels'
> & {
  summary: OrderSummary;
};

function Total({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <tr className={strong ? styles.grandTotal : undefined}>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className={styles.amount}>{formatPrice(value)}</td>
    </tr>
  );
}

export function SummaryView({
  summary: s,
  samplesHeading,
  quoteHeading,
  samplesNote,
  reviewNote,
  quoteNote,
  labels,
}: SummaryProps) {
  const heading = s.quoteNumber ? `${quoteHeading} #${s.quoteNumber}` : samplesHeading;
  return (
    <div className={styles.summary}>
      {s.awaitingPayment && <p className={styles.review}>{reviewNote}</p>}
      <h2 className={styles.summaryHeading}>{heading}</h2>
      <table className={styles.lines} aria-label={heading}>
        <thead>
          <tr>
            <th scope="col">{labels.item}</th>
            <th scope="col" className={styles.qty}>
              {labels.qty}
            </th>
            <th scope="col" className={styles.amount}>
              {labels.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l, n) => (
            <tr key={n}>
              <td>
                {l.name}
                {l.detail && <span className={styles.detail}>{l.detail}</span>}
              </td>
              <td className={styles.qty}>{l.qty}</td>
              <td className={styles.amount}>{formatPrice(l.rowTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <Total label={labels.subtotal} value={s.subtotal} />
          {s.discount > 0 && <Total label={labels.discount} value={-s.discount} />}
          <Total label={`${labels.shipping} (${s.shippingLabel})`} value={s.shipping} />
          <Total label={labels.tax} value={s.tax} />
          <Total label={labels.total} value={s.total} strong />
        </tfoot>
      </table>
      {!s.awaitingPayment && <p className={styles.note}>{s.quoteNumber ? quoteNote : samplesNote}</p>}
    </div>
  );
}
