/** The quote itself: its items, totals, notes and addresses. */
import { checkoutStyles, formatPrice } from '../../engine/index.ts';
import type { QuoteAddressView, QuoteView } from '../../engine/index.ts';
import styles from './quote-payment.module.css';

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

function QuoteItems({ quote }: { quote: QuoteView }) {
  return (
    <table className={styles.table}>
      <caption className={checkoutStyles.srOnly}>Quote items</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className={styles.sku}>
            SKU
          </th>
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
              <div className={`${checkoutStyles.muted} ${styles.skuInline}`}>SKU {i.sku}</div>
            </td>
            <td className={styles.sku}>{i.sku}</td>
            <td className={styles.num}>{i.qty}</td>
            <td className={styles.num}>{formatPrice(i.price)}</td>
            <td className={styles.num}>{formatPrice(i.rowTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuoteTotals({ quote }: { quote: QuoteView }) {
  return (
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
  );
}

export function QuoteDetails({ quote }: { quote: QuoteView }) {
  return (
    <>
      {quote.poNumber && <p>PO number: {quote.poNumber}</p>}
      <QuoteItems quote={quote} />
      <QuoteTotals quote={quote} />
      {quote.additionalNotes && (
        <div>
          <h2>Notes</h2>
          <p>{quote.additionalNotes}</p>
        </div>
      )}
      <div className={styles.addresses}>
        <AddressBlock title="Billing address" a={quote.addresses.find((a) => a.type === 'billing')} />
        <AddressBlock title="Shipping address" a={quote.addresses.find((a) => a.type === 'shipping')} />
      </div>
    </>
  );
}
