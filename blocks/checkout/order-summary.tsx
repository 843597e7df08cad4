/**
 * The cart summary: a column beside the form on desktop, a slide-in panel under 1201 px that
 * takes the focus when it opens and gives it back to the bar's button when it closes.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { formatPrice, type OrderTotals, checkoutStyles as styles } from '../../engine/index.ts';

export interface SummaryLine {
  sku: string;
  name: string;
  price: number;
  finish: { label: string };
}

/** A figure the server may leave out (no address yet: no shipping, tax or total). */
export const amount = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? formatPrice(n) : '—');
export const itemCount = (n: number) => (n === 1 ? '1 item' : `${n} items`);

export function OrderSummary({
  id,
  lines,
  totals,
  shippingKnown,
  open,
  onClose,
  opener,
}: {
  id: string;
  lines: readonly SummaryLine[];
  totals: OrderTotals | undefined;
  /** Shipping, tax and total are shown once the server quoted a shipping method. */
  shippingKnown: boolean;
  open: boolean;
  onClose: () => void;
  /** The bar's button that opened the panel: it gets the focus back. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) closeRef.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open, opener]);

  return (
    <>
      {open && <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />}
      <aside
        id={id}
        className={`${styles.summary} ${open ? styles.open : ''}`}
        aria-label="Order summary"
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <div className={styles.summaryHead}>
          <h2 className={styles.summaryTitle}>
            Your samples <span className={styles.muted}>({itemCount(lines.length)})</span>
          </h2>
          <button ref={closeRef} type="button" className={styles.close} onClick={onClose}>
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
    </>
  );
}
