import { defineBlock, telHref, sectionStyles, useSite } from '../../engine/index.ts';
import type { ContactAddressListProps } from '../../schemas/types/blocks/contact-address-list.ts';
import styles from './contact-address-list.module.css';

/** Addresses (showroom, warehouse...): lines with an optional map link, phone, email and hours. */
function ContactAddressList({ title, addresses }: ContactAddressListProps) {
  const phoneRule = useSite().commerce?.phone;
  const Heading = title ? 'h3' : 'h2';
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={styles.title}>{title}</h2>}
      <ul className={styles.list}>
        {addresses.map((a, i) => (
          <li key={i} className={styles.card}>
            <Heading className={styles.name}>{a.title}</Heading>
            <address className={styles.address}>
              {a.lines.map((line, j) => (
                <span key={j} className={styles.line}>
                  {line}
                </span>
              ))}
            </address>
            {a.mapUrl && (
              <a href={a.mapUrl} className={styles.link} rel="noopener">
                {`View ${a.title} on the map`}
              </a>
            )}
            {(a.phone || a.email) && (
              <dl className={styles.details}>
                {a.phone && (
                  <div>
                    <dt>Phone</dt>
                    <dd>
                      <a href={telHref(a.phone, phoneRule)}>{a.phone}</a>
                    </dd>
                  </div>
                )}
                {a.email && (
                  <div>
                    <dt>Email</dt>
                    <dd>
                      <a href={`mailto:${a.email}`}>{a.email}</a>
                    </dd>
                  </div>
                )}
              </dl>
            )}
            {!!a.hours?.length && (
              <>
                <p className={styles.hoursTitle}>Opening hours</p>
                <ul className={styles.hours}>
                  {a.hours.map((h, j) => (
                    <li key={j}>{h}</li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default defineBlock({
  type: 'contact-address-list',
  component: ContactAddressList,
  description: 'Addresses with map link, phone, email and hours.',
});
