/**
 * The site header: a static block. Its menus open and close with HTML and CSS alone
 * (desktop-menu.tsx, mobile-menu.tsx); the desktop menu alone is also an island of this block's
 * framework-free client (client.ts: hover, outside click, Escape), started at the shopper's first
 * pointer, focus or key on it, so a phone, which never shows it, loads none of it. The search box
 * and the cart link are island blocks of their own (search-popup, cart-link), embedded here.
 */
import { useId } from 'react';
import { defineBlock } from '../../engine/define-block.ts';
import { useSite } from '../../engine/render/context.ts';
import { EmbeddedBlock } from '../../engine/render/embedded-block.tsx';
import { Island, useInIsland } from '../../engine/render/island.tsx';
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
  const menuIsland = `${useId()}-menu`;
  const inIsland = useInIsland();
  const desktopMenu = withMenu && <DesktopMenu items={items} overviewText={overviewText} label="Main" />;
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
        {desktopMenu && !inIsland ? (
          <Island id={menuIsland} type="site-header" props={{}} start="interaction">
            {desktopMenu}
          </Island>
        ) : (
          desktopMenu
        )}
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
