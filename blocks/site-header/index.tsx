/**
 * The site header: a static block. Its menus open and close with HTML and CSS alone
 * (desktop-menu.tsx, mobile-menu.tsx); each menu is also an island part of this block's
 * framework-free client (client.ts: the desktop menu's hover, outside click and Escape; the
 * mobile panel's Tab kept inside it), started at the shopper's first pointer, focus or key on
 * that menu, so a device loads the code of the menu it shows only once it is used. The search box
 * and the cart link are island blocks of their own (search-popup, cart-link), embedded here.
 */
import { type ReactNode, useId } from 'react';
import {
  defineBlock,
  useSite,
  EmbeddedBlock,
  Island,
  useInIsland,
  MAIN_ID,
  type IslandDeclaration,
} from '../../engine/index.ts';
import type { SiteHeaderProps } from '../../schemas/types/blocks/site-header.ts';
import { DesktopMenu } from './desktop-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import styles from './site-header.module.css';

/** Static, with its menus as island parts of client.ts, each started when first used. */
const ISLAND: IslandDeclaration = { start: 'interaction', code: 'client', parts: true };

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
  const menuIsland = `${useId()}-menu`;
  const inIsland = useInIsland();
  // Each menu, an island of this block's client (no props): its code runs only once it is used.
  const part = (id: string, menu: ReactNode) =>
    inIsland ? (
      menu
    ) : (
      <Island id={id} type="site-header" props={{}} start={ISLAND.start}>
        {menu}
      </Island>
    );
  return (
    <div className={styles.header}>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        {skipLinkText}
      </a>
      <div className={styles.bar}>
        {withMenu &&
          part(`${menuIsland}-m`, <MobileMenu items={items} title={menuTitle} overviewText={overviewText} />)}
        <a href="/" className={styles.logo}>
          {image ? (
            <img src={image.src} alt={image.alt || site.name} width={image.width} height={image.height} />
          ) : (
            site.name
          )}
        </a>
        {note && <p className={styles.note}>{note}</p>}
        {withMenu && part(menuIsland, <DesktopMenu items={items} overviewText={overviewText} label="Main" />)}
        {search && <EmbeddedBlock type="search-popup" props={{ ...search, className: styles.search }} />}
        {cart && <EmbeddedBlock type="cart-link" props={{ text: cart.text, url: cart.url, className: styles.cart }} />}
      </div>
    </div>
  );
}

export default defineBlock({
  type: 'site-header',
  component: SiteHeader,
  island: ISLAND,
  description:
    'Site header: logo, desktop dropdown and mega-menu, mobile slide-in menu (HTML and CSS only), search box and sample mini-cart link (islands).',
});
