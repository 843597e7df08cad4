import type { ReactNode } from 'react';
import {
  Img,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  SiteLink,
  SocialIcon,
  defineBlock,
  smsHref,
  telHref,
  useSite,
  type SocialNetwork,
  sectionStyles,
} from '../../engine/index.ts';
import type { ContactItem, ContactListProps } from '../../schemas/types/blocks/contact-list.ts';
import styles from './contact-list.module.css';

const GLYPHS: Record<string, string> = {
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
  email: 'M3 5h18v14H3zm2 2v.4l7 4.6 7-4.6V7zm14 2.8l-7 4.6-7-4.6V17h14z',
  sms: 'M4 3h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H8l-4 4zm3 6v2h2V9zm4 0v2h2V9zm4 0v2h2V9z',
  address: 'M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  map: 'M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  chat: 'M4 3h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H8l-4 4z',
  calendar: 'M7 2h2v2h6V2h2v2h3v17H4V4h3zm-1 7v10h12V9z',
  download: 'M11 3h2v9l3.5-3.5 1.4 1.4L12 15.8 6.1 9.9l1.4-1.4L11 12zM4 19h16v2H4z',
};

function Glyph({ name }: { name: string }) {
  if ((SOCIAL_NETWORKS as readonly string[]).includes(name))
    return <SocialIcon network={name as SocialNetwork} size={20} />;
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={GLYPHS[name] ?? GLYPHS.chat} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

/** What one item shows: an icon, its label (if any) and the linked value. */
function Item({ item }: { item: ContactItem }) {
  const phoneRule = useSite().commerce?.phone;
  switch (item.type) {
    case 'phone':
    case 'email':
    case 'sms': {
      const href =
        item.type === 'phone'
          ? telHref(item.value, phoneRule)
          : item.type === 'sms'
            ? smsHref(item.value, phoneRule)
            : `mailto:${item.value}`;
      const label = item.label ?? { phone: 'Call', email: 'Email', sms: 'Text' }[item.type];
      return (
        <Row icon={item.type} label={label}>
          <a href={href}>{item.value}</a>
        </Row>
      );
    }
    case 'address':
      return (
        <Row icon="address" label={item.label ?? 'Address'}>
          <address className={styles.address}>{item.value}</address>
          {item.url && (
            <a href={item.url} className={styles.small} rel="noopener">
              View on map
            </a>
          )}
        </Row>
      );
    case 'icon-link':
      return (
        <Row icon={item.icon}>
          <SiteLink href={item.url}>{item.label || SOCIAL_LABELS[item.icon as SocialNetwork]}</SiteLink>
        </Row>
      );
    case 'link':
      return (
        <Row>
          <SiteLink href={item.url}>{item.label}</SiteLink>
        </Row>
      );
    case 'image': {
      const img = <Img image={item.image} className={styles.image} />;
      return <div className={styles.imageItem}>{item.url ? <SiteLink href={item.url}>{img}</SiteLink> : img}</div>;
    }
  }
}

function Row({ icon, label, children }: { icon?: string; label?: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      {icon && (
        <span className={styles.icon}>
          <Glyph name={icon} />
        </span>
      )}
      <div>
        {label && <span className={styles.label}>{label}</span>}
        {children}
      </div>
    </div>
  );
}

/** Contact items: phone, email, sms, address, icon-link, link and image. */
function ContactList({ title, items }: ContactListProps) {
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={styles.title}>{title}</h2>}
      <ul className={styles.list}>
        {items.map((item, i) => (
          <li key={i}>
            <Item item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default defineBlock({
  type: 'contact-list',
  component: ContactList,
  description: 'Contact items: phone, email, sms, address, icon-link, link and image.',
});
