import {
  SOCIAL_LABELS,
  SiteLink,
  defineBlock,
  telHref,
  useSite,
  visibilityClasses,
  type Device,
} from '../../engine/index.ts';
import type { MenuItem, SiteFooterProps } from '../../schemas/types/blocks/site-footer.ts';
import styles from './site-footer.module.css';

/**
 * The footer, static: HTML and CSS only. An item's sizes (mobile, tablet, desktop) apply with CSS;
 * a platform (browser, smartTV) can only be told by a script, so an item listed for one shows on
 * every platform. The year is the build's.
 */
function SiteFooter({ columns = [], contact, social = [], copyright, tagline }: SiteFooterProps) {
  const site = useSite();
  const shown = (items: MenuItem[] | undefined) => items ?? [];
  const cls = (item: MenuItem) => visibilityClasses(item.devices as Device[] | undefined) || undefined;
  const year = String(new Date().getFullYear());
  return (
    <div className={styles.footer}>
      <div className={styles.top}>
        <div className={styles.brand}>
          <p className={styles.name}>{site.name}</p>
          {tagline && <p className={styles.tagline}>{tagline}</p>}
        </div>
        {shown(columns).length > 0 && (
          <nav className={styles.columns} aria-label="Footer">
            {shown(columns).map((col, i) => (
              <div key={i} className={[styles.column, cls(col)].filter(Boolean).join(' ')}>
                <h2 className={styles.colTitle}>
                  {col.url ? <SiteLink href={col.url}>{col.label}</SiteLink> : col.label}
                </h2>
                <ul className={styles.list}>
                  {shown(col.children).map((link, j) => (
                    <li key={j} className={cls(link)}>
                      {link.url ? <SiteLink href={link.url}>{link.label}</SiteLink> : link.label}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        )}
        {contact && (
          <div className={styles.contact}>
            <h2 className={styles.colTitle}>{contact.title}</h2>
            {contact.address && (
              <address className={styles.address}>
                {contact.address.map((line, i) => (
                  <span key={i} className={styles.line}>
                    {line}
                  </span>
                ))}
                {contact.mapUrl && (
                  <a href={contact.mapUrl} className={styles.mapLink}>
                    View on map
                  </a>
                )}
              </address>
            )}
            <ul className={styles.list}>
              {contact.phone && (
                <li>
                  <a href={telHref(contact.phone, site.commerce?.phone)}>{contact.phone}</a>
                </li>
              )}
              {contact.email && (
                <li>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
              )}
            </ul>
            {!!contact.hours?.length && (
              <ul className={`${styles.list} ${styles.hours}`} aria-label="Opening hours">
                {contact.hours.map((h, i) => (
                  <li key={i}>{h}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>{copyright.replaceAll('{year}', year).replaceAll('{site-name}', site.name)}</p>
        {social.length > 0 && (
          <ul className={styles.social} aria-label={`${site.name} on social media`}>
            {social.map((s, i) => (
              <li key={i}>
                <a href={s.url} rel="me noopener">
                  {(SOCIAL_LABELS as Record<string, string>)[s.network] ?? s.network}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export default defineBlock({
  type: 'site-footer',
  component: SiteFooter,
  description: 'Footer: link columns, contact details, social links, copyright.',
});
