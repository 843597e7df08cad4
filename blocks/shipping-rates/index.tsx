/**
 * The shipping methods' delivery times and prices as a table, written from the methods' data
 * by the same texts the checkout shows (engine/commerce/shipping-text.ts). Static.
 */
import { defineBlock, deliveryDaysText, methodPriceText, sectionStyles } from '../../engine/index.ts';
import type { ShippingRatesProps } from '../../schemas/types/blocks/shipping-rates.ts';
import styles from './shipping-rates.module.css';

function ShippingRates({ title, text, headingLevel, methods, labels }: ShippingRatesProps) {
  const Heading = `h${headingLevel}` as const;
  const offered = methods
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.isEnabled)
    .sort((a, b) => (a.m.sortOrder ?? 0) - (b.m.sortOrder ?? 0) || a.i - b.i)
    .map(({ m }) => m);
  return (
    <section className={styles.shippingRates}>
      <Heading className={sectionStyles.title}>{title}</Heading>
      {text && <p className={sectionStyles.intro}>{text}</p>}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{labels.method}</th>
            <th scope="col">{labels.days}</th>
            <th scope="col">{labels.price}</th>
          </tr>
        </thead>
        <tbody>
          {offered.map((m) => (
            <tr key={m.type}>
              <th scope="row">
                {m.displayName}
                {m.description && <span className={styles.how}>{m.description}</span>}
              </th>
              <td data-label={labels.days}>{m.days ? deliveryDaysText(m.days) : ''}</td>
              <td data-label={labels.price}>{methodPriceText(m)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default defineBlock({
  type: 'shipping-rates',
  component: ShippingRates,
  description: "The shipping methods' delivery times and prices, written from their data.",
});
