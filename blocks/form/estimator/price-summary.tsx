/**
 * The estimator's price summary: product, labor and grand total as "$min - $max", recomputed on
 * every change (the form view passes a fresh estimate). A sidebar on desktop, a sticky bar at the
 * bottom of the screen on mobile and tablet (CSS only: one element, so nothing is said twice).
 */
import { ESTIMATE_TEXTS, formatRange, type Estimate, type FormFile } from '../../../engine/forms/index.ts';
import styles from '../styles.ts';

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

export function PriceSummary(props: {
  def: FormFile;
  estimate: Estimate;
  idPrefix: string;
  headingLevel: number;
  onPdf(): void;
  onReset(): void;
  pdfBusy: boolean;
  busy: boolean;
  notice: Notice | null;
}) {
  const { def, estimate } = props;
  const s = def.summary ?? {};
  const t = def.priceTemplate;
  const H = `h${Math.min(props.headingLevel, 6)}` as 'h3';
  const titleId = `${props.idPrefix}-summary`;
  const rows = [
    { key: 'product', label: s.product ?? ESTIMATE_TEXTS.product, value: formatRange(estimate.product, t) },
    { key: 'labor', label: s.labor ?? ESTIMATE_TEXTS.labor, value: formatRange(estimate.labor, t) },
    { key: 'total', label: s.total ?? ESTIMATE_TEXTS.total, value: formatRange(estimate.total, t) },
  ];
  return (
    <aside className={styles.summary} aria-labelledby={titleId} data-estimate-summary="">
      <H id={titleId} className={styles.summaryTitle}>
        {s.title ?? ESTIMATE_TEXTS.summaryTitle}
      </H>
      <dl className={styles.summaryList}>
        {rows.map((r) => (
          <div key={r.key} className={r.key === 'total' ? styles.summaryTotal : styles.summaryRow} data-total={r.key}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      {s.note && <p className={styles.summaryNote}>{s.note}</p>}
      <div className={styles.summaryActions}>
        <button
          type="button"
          className={styles.primary}
          onClick={props.onPdf}
          // Nothing chosen yet (or just reset): no $0.00 estimate to print.
          disabled={props.pdfBusy || estimate.rows.length === 0}
          aria-busy={props.pdfBusy || undefined}
        >
          {s.pdfButton ?? ESTIMATE_TEXTS.pdfButton}
        </button>
        <button type="button" className={styles.secondary} onClick={props.onReset} disabled={props.busy}>
          {def.buttons?.reset ?? 'Reset'}
        </button>
      </div>
      <div role="status" className={styles.summaryStatus}>
        {props.notice && (
          <p className={props.notice.kind === 'success' ? styles.summaryOk : styles.summaryFail}>{props.notice.text}</p>
        )}
      </div>
    </aside>
  );
}
