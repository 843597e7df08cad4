import { EmbeddedBlock, MAIN_ID, SiteLink, defineBlock, useSite } from '../../engine/index.ts';
import type { SiteHeaderProps } from '../../schemas/types/blocks/site-header.ts';
import { cartLabel, useCartCount } from './cart-count.ts';
import { DesktopMenu } from './desktop-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import styles from './site-header.module.css';

function CartLink({ text, url }: { text: string; url: string }) {
  const count = useCartCount();
  return (
    <SiteLink href={url} className={styles.cart}>
      <svg className={styles.cartIcon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span>{cartLabel(text, count)}</span>
    </SiteLink>
  );
}

function SiteHeader({
  logo,
  variant = 'full',
  items = [],
  cart,
  search,
  note,
  menuTitle = 'Our Offerings',
  overviewText = 'View all {label}',
  skipLinkText = 'Skip to content',
}: SiteHeaderProps) {
  const site = useSite();
  const image = logo ?? site.logo;
  const withMenu = variant === 'full' && items.length > 0;
  return (
    <div className={styles.header}>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        {skipLinkText}
      </a>
      <div className={styles.bar}>
        {withMenu && <MobileMenu items={items} title={menuTitle} overviewText={overviewText} />}
        <SiteLink href="/" className={styles.logo}>
          {image ? <img src={image.src} alt={image.alt || site.name} width={image.width} height={image.height} /> : site.name}
        </SiteLink>
        {note && <p className={styles.note}>{note}</p>}
        {withMenu && <DesktopMenu items={items} overviewText={overviewText} label="Main" />}
        {/* The search box's code (and its index) load after the page is interactive. */}
        {search && <EmbeddedBlock type="search-popup" props={{ ...search, className: styles.search }} />}
        {cart && <CartLink text={cart.text} url={cart.url} />}
      </div>
    </div>
  );
}

export default defineBlock({
  type: 'site-header',
  component: SiteHeader,
  description: 'Site header: logo, desktop dropdown and mega-menu, mobile slide-in menu, sample mini-cart link.',
});
