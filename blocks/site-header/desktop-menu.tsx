/**
 * Desktop menu (>= 1201 px, shown by CSS): top-level links, dropdowns and mega-menus. A panel
 * opens on click (Enter/Space) and on mouse hover; Escape closes it and returns focus to its
 * button; tabbing out, clicking outside or navigating closes it.
 */
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { SiteLink, usePlatform } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import { currentAttr, cx, deviceClass, browserHidesSome, hasPanel, overviewLabel, visibleItems, type Platform } from './menu-items.ts';
import styles from './site-header.module.css';

type OpenState = { index: number; by: 'hover' | 'click' } | null;

function SubLinks({ items, platform, pathname }: { items: MenuItem[] | undefined; platform: Platform; pathname: string }) {
  return visibleItems(items, platform).map((child, i) => (
    <li key={i} className={deviceClass(child)}>
      {child.url ? (
        <SiteLink href={child.url} className={styles.subLink} aria-current={currentAttr(child.url, pathname)}>
          {child.label}
          {child.description && <span className={styles.desc}>{child.description}</span>}
        </SiteLink>
      ) : (
        <span className={styles.subText}>{child.label}</span>
      )}
      {!!child.children?.length && (
        <ul className={styles.subList}>
          <SubLinks items={child.children} platform={platform} pathname={pathname} />
        </ul>
      )}
    </li>
  ));
}

export function DesktopMenu({ items, overviewText, label }: { items: MenuItem[]; overviewText: string; label: string }) {
  const platform = usePlatform(useMemo(() => browserHidesSome(items), [items]));
  const { pathname } = useLocation();
  const [open, setOpen] = useState<OpenState>(null);
  const nav = useRef<HTMLElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const baseId = useId();

  useEffect(() => setOpen(null), [pathname]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: globalThis.PointerEvent) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const shown = visibleItems(items, platform);
  return (
    <nav ref={nav} className={styles.nav} aria-label={label}>
      <ul className={styles.menu}>
        {shown.map((item, i) => {
          const panelId = `${baseId}-panel-${i}`;
          const isOpen = open?.index === i;
          if (!hasPanel(item))
            return (
              <li key={i} className={cx(styles.item, deviceClass(item))}>
                {item.url ? (
                  <SiteLink href={item.url} className={styles.topLink} aria-current={currentAttr(item.url, pathname)}>
                    {item.label}
                  </SiteLink>
                ) : (
                  <span className={styles.topLink}>{item.label}</span>
                )}
              </li>
            );
          const onEnter = (e: PointerEvent) => {
            if (e.pointerType !== 'mouse') return;
            clearTimeout(timer.current);
            setOpen((o) => (o?.index === i ? o : { index: i, by: 'hover' }));
          };
          const onLeave = (e: PointerEvent) => {
            if (e.pointerType !== 'mouse') return;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setOpen((o) => (o?.index === i && o.by === 'hover' ? null : o)), 150);
          };
          const onKeyDown = (e: KeyboardEvent) => {
            if (e.key === 'Escape' && isOpen) {
              e.stopPropagation();
              setOpen(null);
              buttons.current[i]?.focus();
            }
          };
          const onBlur = (e: FocusEvent) => {
            const next = e.relatedTarget as Node | null;
            if (next && !e.currentTarget.contains(next)) setOpen((o) => (o?.index === i ? null : o));
          };
          const toggle = () =>
            setOpen((o) => (o?.index === i ? (o.by === 'hover' ? { index: i, by: 'click' } : null) : { index: i, by: 'click' }));
          return (
            <li
              key={i}
              className={cx(styles.item, item.columns?.length ? styles.itemMega : undefined, deviceClass(item))}
              onPointerEnter={onEnter}
              onPointerLeave={onLeave}
              onKeyDown={onKeyDown}
              onBlur={onBlur}
            >
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                className={styles.topButton}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={toggle}
              >
                {item.label}
                <span className={styles.chevron} aria-hidden="true" />
              </button>
              {item.columns?.length ? (
                <div id={panelId} className={styles.mega} hidden={!isOpen}>
                  <div className={styles.megaInner}>
                    {item.url && (
                      <SiteLink href={item.url} className={cx(styles.subLink, styles.overview, styles.megaOverview)}>
                        {overviewLabel(overviewText, item)}
                      </SiteLink>
                    )}
                    {item.columns.map((col, c) => {
                      const titleId = `${panelId}-col-${c}`;
                      return (
                        <div key={c} className={styles.column}>
                          <p id={titleId} className={styles.colTitle}>
                            {col.url ? <SiteLink href={col.url}>{col.title}</SiteLink> : col.title}
                          </p>
                          <ul className={styles.subList} aria-labelledby={titleId}>
                            <SubLinks items={col.items} platform={platform} pathname={pathname} />
                          </ul>
                        </div>
                      );
                    })}
                  </div>
                </div>
              ) : (
                <div id={panelId} className={styles.dropdown} hidden={!isOpen}>
                  <ul className={styles.subList}>
                    {item.url && (
                      <li>
                        <SiteLink href={item.url} className={cx(styles.subLink, styles.overview)}>
                          {overviewLabel(overviewText, item)}
                        </SiteLink>
                      </li>
                    )}
                    <SubLinks items={item.children} platform={platform} pathname={pathname} />
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
