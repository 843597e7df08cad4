import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { defineBlock, sectionStyles } from '../../engine/index.ts';
import type { Catalog, DownloadCatalogProps } from '../../schemas/types/blocks/download-catalog.ts';
import styles from './download-catalog.module.css';

const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const text = (c: Catalog) => (c.size ? `${c.label} (${c.size})` : c.label);

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes it back to the button; Tab or
 * a click elsewhere closes it.
 */
function CatalogMenu({ label, catalogs }: { label: string; catalogs: Catalog[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLAnchorElement | null)[]>([]);
  const root = useRef<HTMLDivElement>(null);
  const focusItem = (i: number) => items.current[(i + catalogs.length) % catalogs.length]?.focus();
  const openAt = (i: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(i));
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') openAt(0);
    else if (e.key === 'ArrowUp') openAt(catalogs.length - 1);
    else return;
    e.preventDefault();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const at = items.current.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown') focusItem(at + 1);
    else if (e.key === 'ArrowUp') focusItem(at - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(catalogs.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
  };

  return (
    <div className={styles.menuWrap} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.action}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <DownloadIcon />
        {label}
        <svg className={styles.caret} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M6 9l6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the menu button's menu, a list of links */}
      <ul id={`${id}-menu`} role="menu" aria-label={label} className={styles.menu} hidden={!open} onKeyDown={onMenuKey}>
        {catalogs.map((c, i) => (
          <li key={i} role="none">
            <a
              role="menuitem"
              tabIndex={-1}
              href={c.url}
              download
              className={styles.item}
              ref={(el) => {
                items.current[i] = el;
              }}
              onClick={() => setOpen(false)}
            >
              {text(c)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Catalogue downloads: one entry is a plain link, several a menu button. */
function DownloadCatalog({ title, text: intro, label, catalogs }: DownloadCatalogProps) {
  const only = catalogs.length === 1 ? catalogs[0]! : null;
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {intro && <p className={styles.text}>{intro}</p>}
      {only ? (
        <a href={only.url} download className={styles.action}>
          <DownloadIcon />
          {text(only)}
        </a>
      ) : (
        <CatalogMenu label={label} catalogs={catalogs} />
      )}
    </section>
  );
}

export default defineBlock({
  type: 'download-catalog',
  component: DownloadCatalog,
  island: { start: 'interaction', code: 'component' },
  description: 'Catalogue download: a link, or a menu of several.',
});
