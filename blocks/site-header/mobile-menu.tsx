/**
 * Mobile and tablet menu (< 1201 px, shown by CSS): a hamburger button opens a slide-in panel
 * headed "Our Offerings" with a Close button over an overlay. One submenu is open at a time
 * (accordion). While open: focus is kept inside the panel, Escape / Close / the overlay close
 * it and return focus to the hamburger, the page behind does not scroll. Navigating, or the
 * window growing to desktop width, closes it.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SiteLink, usePlatform, useSite } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import { currentAttr, cx, deviceClass, browserHidesSome, hasPanel, overviewLabel, visibleItems, type Platform } from './menu-items.ts';
import styles from './site-header.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

function SubItems({ items, platform, pathname }: { items: MenuItem[] | undefined; platform: Platform; pathname: string }) {
  return visibleItems(items, platform).map((child, i) => (
    <li key={i} className={deviceClass(child)}>
      {child.url ? (
        <SiteLink href={child.url} className={styles.mSubLink} aria-current={currentAttr(child.url, pathname)}>
          {child.label}
        </SiteLink>
      ) : (
        <span className={styles.mSubLink}>{child.label}</span>
      )}
      {!!child.children?.length && (
        <ul className={styles.mNested}>
          <SubItems items={child.children} platform={platform} pathname={pathname} />
        </ul>
      )}
    </li>
  ));
}

export interface MobileMenuProps {
  items: MenuItem[];
  title: string;
  overviewText: string;
  openLabel?: string;
  closeLabel?: string;
}

export function MobileMenu({ items, title, overviewText, openLabel = 'Open menu', closeLabel = 'Close' }: MobileMenuProps) {
  const platform = usePlatform(useMemo(() => browserHidesSome(items), [items]));
  const { pathname } = useLocation();
  const desktopWidth = useSite().breakpoints.desktop;
  const [open, setOpen] = useState(false);
  const [sub, setSub] = useState<number | null>(null);
  const burger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const id = useId();
  const panelId = `${id}-panel`;
  const titleId = `${id}-title`;

  const close = useCallback((returnFocus: boolean) => {
    refocus.current = returnFocus;
    setOpen(false);
    setSub(null);
  }, []);

  useEffect(() => close(false), [pathname, close]);

  useEffect(() => {
    if (!open) {
      if (refocus.current) burger.current?.focus();
      refocus.current = false;
      return;
    }
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(true);
        return;
      }
      if (e.key !== 'Tab' || !panel.current) return;
      const list = focusables(panel.current);
      if (!list.length) return;
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const active = document.activeElement;
      const inside = panel.current.contains(active);
      if (e.shiftKey && (active === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    const wide = window.matchMedia(`(min-width: ${desktopWidth}px)`);
    const onWide = () => wide.matches && close(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open, close, desktopWidth]);

  return (
    <>
      <button
        ref={burger}
        type="button"
        className={styles.burger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <span className={styles.burgerIcon} aria-hidden="true" />
        <span className={styles.srOnly}>{openLabel}</span>
      </button>
      <div className={cx(styles.overlay, open && styles.overlayOpen)} aria-hidden="true" onClick={() => close(true)} />
      <div
        ref={panel}
        id={panelId}
        className={cx(styles.panel, open && styles.panelOpen)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className={styles.panelHead}>
          <h2 id={titleId} className={styles.panelTitle}>
            {title}
          </h2>
          <button ref={closeButton} type="button" className={styles.closeButton} onClick={() => close(true)}>
            {closeLabel}
          </button>
        </div>
        <nav aria-labelledby={titleId}>
          <ul className={styles.mList}>
            {visibleItems(items, platform).map((item, i) => {
              if (!hasPanel(item))
                return (
                  <li key={i} className={deviceClass(item)}>
                    {item.url ? (
                      <SiteLink href={item.url} className={styles.mLink} aria-current={currentAttr(item.url, pathname)}>
                        {item.label}
                      </SiteLink>
                    ) : (
                      <span className={styles.mLink}>{item.label}</span>
                    )}
                  </li>
                );
              const subId = `${id}-sub-${i}`;
              const expanded = sub === i;
              return (
                <li key={i} className={deviceClass(item)}>
                  <button
                    type="button"
                    className={styles.mButton}
                    aria-expanded={expanded}
                    aria-controls={subId}
                    onClick={() => setSub((s) => (s === i ? null : i))}
                  >
                    {item.label}
                    <span className={styles.chevron} aria-hidden="true" />
                  </button>
                  <ul id={subId} className={styles.mSub} hidden={!expanded}>
                    {item.url && (
                      <li>
                        <SiteLink href={item.url} className={cx(styles.mSubLink, styles.overview)}>
                          {overviewLabel(overviewText, item)}
                        </SiteLink>
                      </li>
                    )}
                    <SubItems items={item.children} platform={platform} pathname={pathname} />
                    {item.columns?.map((col, c) => (
                      <li key={`c${c}`}>
                        {col.url ? (
                          <SiteLink href={col.url} className={styles.mColTitle} aria-current={currentAttr(col.url, pathname)}>
                            {col.title}
                          </SiteLink>
                        ) : (
                          <p className={styles.mColTitle}>{col.title}</p>
                        )}
                        <ul className={styles.mNested}>
                          <SubItems items={col.items} platform={platform} pathname={pathname} />
                        </ul>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </>
  );
}
