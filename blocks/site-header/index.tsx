/**
 * The site header: a static block (no code of it reaches the browser). Its menus open and close
 * with HTML and CSS alone (desktop-menu.tsx, mobile-menu.tsx); the search box and the cart link
 * are island blocks of their own (search-popup, cart-link), embedded here.
 */
import { defineBlock } from '../../engine/define-block.ts';
import { useSite } from '../../engine/render/context.ts';
import { EmbeddedBlock } from '../../engine/render/embedded-block.tsx';
import { MAIN_ID } from '../../engine/render/main-region.ts';
import type { SiteHeaderProps } from '../../schemas/types/blocks/site-header.ts';
import { DesktopMenu } from './desktop-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import styles from './site-header.module.css';

function SiteHeader({
  logo,
  variant,
  items = [],
  cart,
  search,
  note,
  menuTitle,
  overviewText,
  skipLinkText,
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
        <a href="/" className={styles.logo}>
          {image ? (
            <img src={image.src} alt={image.alt || site.name} width={image.width} height={image.height} />
          ) : (
            site.name
          )}
        </a>
        {note && <p className={styles.note}>{note}</p>}
        {withMenu && <DesktopMenu items={items} overviewText={overviewText} label="Main" />}
        {search && <EmbeddedBlock type="search-popup" props={{ ...search, className: styles.search }} />}
        {cart && <EmbeddedBlock type="cart-link" props={{ text: cart.text, url: cart.url, className: styles.cart }} />}
      </div>
    </div>
  );
}

export default defineBlock({
  type: 'site-header',
  component: SiteHeader,
  description:
    'Site header: logo, desktop dropdown and mega-menu, mobile slide-in menu (HTML and CSS only), search box and sample mini-cart link (islands).',
});
