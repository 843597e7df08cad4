/**
 * Desktop menu (>= 1201 px, shown by CSS): top-level links, dropdowns and mega-menus. Each panel
 * is the content of a <details> whose <summary> opens and closes it (click, Enter, Space) with no
 * script; the panels share a `name`, so opening one closes the other. The header's island
 * (client.ts) adds hover with an intent delay, closing on an outside click, on the focus leaving
 * and on Escape. Links to the page shown carry aria-current="page". The markup is lean, since every
 * page carries it: a panel's links are styled by their list's class, the chevron is the summary's
 * ::after.
 */
import { useId } from 'react';
import { usePagePath } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import { currentAttr, cx, deviceClass, hasPanel, overviewLabel } from './menu-items.ts';
import styles from './site-header.module.css';

function SubLinks({ items, pathname }: { items: MenuItem[] | undefined; pathname: string }) {
  return (items ?? []).map((child, i) => (
    <li key={i} className={deviceClass(child) || undefined}>
      {child.url ? (
        <a href={child.url} aria-current={currentAttr(child.url, pathname)}>
          {child.label}
          {child.description && <span className={styles.desc}>{child.description}</span>}
        </a>
      ) : (
        <span className={styles.subText}>{child.label}</span>
      )}
      {!!child.children?.length && (
        <ul className={styles.subList}>
          <SubLinks items={child.children} pathname={pathname} />
        </ul>
      )}
    </li>
  ));
}

export function DesktopMenu({
  items,
  overviewText,
  label,
}: {
  items: MenuItem[];
  overviewText: string;
  label: string;
}) {
  const pathname = usePagePath();
  const baseId = useId();
  const group = `${baseId}-panels`;
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.menu}>
        {items.map((item, i) => {
          if (!hasPanel(item))
            return (
              <li key={i} className={cx(styles.item, deviceClass(item))}>
                {item.url ? (
                  <a href={item.url} className={styles.topLink} aria-current={currentAttr(item.url, pathname)}>
                    {item.label}
                  </a>
                ) : (
                  <span className={styles.topLink}>{item.label}</span>
                )}
              </li>
            );
          return (
            <li
              key={i}
              className={cx(styles.item, item.columns?.length ? styles.itemMega : undefined, deviceClass(item))}
            >
              <details className={styles.disclosure} name={group}>
                <summary className={styles.topButton}>{item.label}</summary>
                {item.columns?.length ? (
                  <div className={cx(styles.panel, styles.mega)}>
                    <div className={styles.megaInner}>
                      {item.url && (
                        <a href={item.url} className={cx(styles.overview, styles.megaOverview)}>
                          {overviewLabel(overviewText, item)}
                        </a>
                      )}
                      {item.columns.map((col, c) => {
                        const titleId = `${baseId}-${i}-col-${c}`;
                        return (
                          <div key={c} className={styles.column}>
                            <p id={titleId} className={styles.colTitle}>
                              {col.url ? <a href={col.url}>{col.title}</a> : col.title}
                            </p>
                            <ul className={styles.subList} aria-labelledby={titleId}>
                              <SubLinks items={col.items} pathname={pathname} />
                            </ul>
                          </div>
                        );
                      })}
                    </div>
                  </div>
                ) : (
                  <div className={cx(styles.panel, styles.dropdown)}>
                    <ul className={styles.subList}>
                      {item.url && (
                        <li>
                          <a href={item.url} className={styles.overview}>
                            {overviewLabel(overviewText, item)}
                          </a>
                        </li>
                      )}
                      <SubLinks items={item.children} pathname={pathname} />
                    </ul>
                  </div>
                )}
              </details>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
