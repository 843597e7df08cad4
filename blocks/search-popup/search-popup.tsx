/**
 * The header search: a combobox (WAI-ARIA APG pattern, list autocomplete) whose popup opens on
 * focus or click. The search index (and the query code) are fetched the first time the popup
 * opens, never before.
 * From 3 characters it suggests styles and pages (name, title, description, sku); arrow keys
 * move through the suggestions, Enter opens one (or, with none active, submits), Escape, the
 * Close button, a click outside or leaving the box closes it, and closing clears the text and
 * the results. Submitting fewer than 3 characters says so; See all Result opens the search page.
 * Its code starts at the first pointer, focus or key on it: the field may then already hold focus
 * and text, which it takes over when it mounts. Without script the form still searches.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  isSearchable,
  useSiteSearch,
} from '../../engine/index.ts';
import type { SearchPopupProps } from '../../schemas/types/blocks/search-popup.ts';
import styles from './search-popup.module.css';

export const LOADING_TEXT = 'Loading suggestions...';
const UNAVAILABLE_TEXT = 'Search is not available right now. Please try again later.';

/** The search page's URL for a text: {searchPath}?query=... */
export const searchUrl = (searchPath: string, text: string) =>
  `${searchPath}?${new URLSearchParams({ query: text.trim() })}`;

/** The combobox's state: open, the text, the active suggestion, and the hits for the text. */
function useSearchBox(limit: number | undefined, searchPath: string) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [tooShort, setTooShort] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const index = useSiteSearch(wanted);

  const hits = useMemo(
    () => (open && index.status === 'ready' && isSearchable(text) ? index.search(text, limit) : []),
    [open, index, text, limit],
  );
  const listShown = hits.length > 0;

  const show = () => {
    setOpen(true);
    setWanted(true);
  };
  const close = () => {
    setOpen(false);
    setText('');
    setActive(-1);
    setTooShort(false);
  };
  const go = (url: string) => {
    close();
    input.current?.blur();
    window.location.assign(url);
  };

  // Started by a focus or a key: take over the field's focus and what was typed before this ran.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    if (field.value) setText(field.value);
    if (document.activeElement === field) show();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close only sets state; the listener follows open
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isSearchable(text)) {
      show();
      setTooShort(true);
      return;
    }
    go(searchUrl(searchPath, text));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) show();
      if (!listShown) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a === -1 && step === -1 ? hits.length - 1 : (a + step + hits.length) % hits.length));
    } else if (e.key === 'Enter' && listShown && active >= 0) {
      e.preventDefault();
      go(hits[active]!.url);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };
  const typed = (value: string) => {
    setText(value);
    setActive(-1);
    setTooShort(false);
    show();
  };
  return {
    open,
    text,
    active,
    setActive,
    tooShort,
    root,
    input,
    index,
    hits,
    listShown,
    show,
    close,
    go,
    submit,
    onKeyDown,
    typed,
  };
}

type SearchBox = ReturnType<typeof useSearchBox>;

/** The line under the field: the hint, loading, unavailable or no results (the alert says "too short"). */
function statusText(box: SearchBox, hintText: string | undefined): string | null {
  if (box.tooShort) return null;
  if (!isSearchable(box.text)) return hintText || null;
  if (box.index.status === 'error') return UNAVAILABLE_TEXT;
  if (box.index.status !== 'ready') return LOADING_TEXT;
  return box.hits.length ? null : SEARCH_NO_RESULTS_MESSAGE;
}

const optionId = (id: string, i: number) => `${id}-option-${i}`;

export function SearchPopup({
  label,
  placeholder,
  searchPath,
  seeAllText,
  hintText,
  limit,
  className,
}: SearchPopupProps & { className?: string }) {
  const box = useSearchBox(limit, searchPath);
  const { open, listShown, active, tooShort, input } = box;
  // Focus returned to the field by the Close button must not reopen the popup.
  const quiet = useRef(false);
  const id = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the popup when focus leaves it, no interaction of its own
    <div
      ref={box.root}
      className={[styles.search, className].filter(Boolean).join(' ')}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        if (open && next && !e.currentTarget.contains(next)) box.close();
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a search form is the search landmark, in browsers without the search element too */}
      <form role="search" action={searchPath} method="get" className={styles.form} onSubmit={box.submit}>
        <label htmlFor={`${id}-input`} className="jv-sr-only">
          {label}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          className={styles.input}
          // A text box: ARIA in HTML allows role=combobox on type=text, not on type=search;
          // inputMode and enterKeyHint keep the search keyboard.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          name="query"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={box.text}
          aria-expanded={listShown}
          aria-controls={listShown ? `${id}-list` : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listShown && active >= 0 ? optionId(id, active) : undefined}
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? `${id}-error` : undefined}
          onFocus={() => {
            if (quiet.current) quiet.current = false;
            else box.show();
          }}
          onClick={box.show}
          onChange={(e) => box.typed(e.currentTarget.value)}
          onKeyDown={box.onKeyDown}
        />
        <button type="submit" className={styles.submit}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="jv-sr-only">{label}</span>
        </button>
      </form>
      {open && (
        <Suggestions
          box={box}
          id={id}
          label={label}
          seeAllText={seeAllText}
          searchPath={searchPath}
          status={statusText(box, hintText)}
          onClose={() => {
            box.close();
            quiet.current = true;
            input.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** The popup: the too-short alert, the status line, the suggestions, See all and Close. */
function Suggestions({
  box,
  id,
  label,
  seeAllText,
  searchPath,
  status,
  onClose,
}: {
  box: SearchBox;
  id: string;
  label: string;
  seeAllText: string;
  searchPath: string;
  status: string | null;
  onClose: () => void;
}) {
  return (
    <div className={styles.popup}>
      {box.tooShort && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {SEARCH_MIN_LENGTH_MESSAGE}
        </p>
      )}
      <p className={styles.status} role="status">
        {status}
      </p>
      {box.listShown && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's listbox of options
        <ul id={`${id}-list`} role="listbox" aria-label={`${label} suggestions`} className={styles.list}>
          {box.hits.map((h, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox, which points at the option (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox takes the keys for its options
            <li
              key={h.id}
              id={optionId(id, i)}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox
              role="option"
              aria-selected={i === box.active}
              className={styles.option}
              onPointerDown={(e) => e.preventDefault()}
              onPointerEnter={() => box.setActive(i)}
              onClick={() => box.go(h.url)}
            >
              <span className={styles.name}>{h.name}</span>
              <span className={styles.detail}>{h.kind === 'page' ? 'Page' : h.title}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.footer}>
        {isSearchable(box.text) && (
          <a href={searchUrl(searchPath, box.text)} className={styles.all} onClick={box.close}>
            {seeAllText}
          </a>
        )}
        <button type="button" className={styles.close} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
