/**
 * Mobile and tablet menu (< 1201 px, shown by CSS), with no script: the hamburger button opens a
 * slide-in panel (a popover, role dialog) titled "Our Offerings" with a Close button, over a
 * dimmed backdrop. The browser moves focus to Close when it opens; Tab stays inside it while it
 * is open (the header's client.ts, started at the first touch of this menu); Close, Escape or a click on the backdrop close it and return
 * focus to the hamburger; the page behind does not scroll while it is open. Each submenu is a <details>; they share a `name`, so one is open at a time.
 * Lean markup, as in the desktop menu: a submenu's links are styled by their list's class.
 */
import { useId } from 'react';
import { usePagePath } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import { currentAttr, deviceClass, hasPanel, overviewLabel } from './menu-items.ts';
import styles from './site-header.module.css';

function SubItems({ items, pathname }: { items: MenuItem[] | undefined; pathname: string }) {
  return (items ?? []).map((child, i) => (
    <li key={i} className={deviceClass(child) || undefined}>
      {child.url ? (
        <a href={child.url} aria-current={currentAttr(child.url, pathname)}>
          {child.label}
        </a>
      ) : (
        <span>{child.label}</span>
      )}
      {!!child.children?.length && (
        <ul className={styles.mNested}>
          <SubItems items={child.children} pathname={pathname} />
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

export function MobileMenu({
  items,
  title,
  overviewText,
  openLabel = 'Open menu',
  closeLabel = 'Close',
}: MobileMenuProps) {
  const pathname = usePagePath();
  const id = useId();
  const panelId = `${id}-panel`;
  const titleId = `${id}-title`;
  const group = `${id}-sub`;
  return (
    <>
      <button type="button" className={styles.burger} popoverTarget={panelId}>
        <span className={styles.burgerIcon} aria-hidden="true" />
        <span className={styles.srOnly}>{openLabel}</span>
      </button>
      <div id={panelId} popover="auto" className={styles.mPanel} role="dialog" aria-labelledby={titleId}>
        <div className={styles.panelHead}>
          {/* Names the dialog; not a heading, since the header comes before the page's h1. */}
          <p id={titleId} className={styles.panelTitle}>
            {title}
          </p>
          <button
            type="button"
            className={styles.closeButton}
            popoverTarget={panelId}
            popoverTargetAction="hide"
            // biome-ignore lint/a11y/noAutofocus: autofocus in a popover moves focus here each time it opens
            autoFocus
          >
            {closeLabel}
          </button>
        </div>
        <nav aria-labelledby={titleId}>
          <ul className={styles.mList}>
            {items.map((item, i) => {
              if (!hasPanel(item))
                return (
                  <li key={i} className={deviceClass(item) || undefined}>
                    {item.url ? (
                      <a href={item.url} className={styles.mLink} aria-current={currentAttr(item.url, pathname)}>
                        {item.label}
                      </a>
                    ) : (
                      <span className={styles.mLink}>{item.label}</span>
                    )}
                  </li>
                );
              return (
                <li key={i} className={deviceClass(item) || undefined}>
                  <details name={group}>
                    <summary className={styles.mButton}>{item.label}</summary>
                    <ul className={styles.mSub}>
                      {item.url && (
                        <li>
                          <a href={item.url} className={styles.overview}>
                            {overviewLabel(overviewText, item)}
                          </a>
                        </li>
                      )}
                      <SubItems items={item.children} pathname={pathname} />
                      {item.columns?.map((col, c) => (
                        <li key={`c${c}`}>
                          {col.url ? (
                            <a
                              href={col.url}
                              className={styles.mColTitle}
                              aria-current={currentAttr(col.url, pathname)}
                            >
                              {col.title}
                            </a>
                          ) : (
                            <p className={styles.mColTitle}>{col.title}</p>
                          )}
                          <ul className={styles.mNested}>
                            <SubItems items={col.items} pathname={pathname} />
                          </ul>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </>
  );
}
