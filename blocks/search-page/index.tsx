/**
 * The search page: a query box (id "query-box") and the results of ?query= (?query-box= is
 * read too). Submitting sets ?query= only when the trimmed text is non-empty; with an empty
 * or too short text the minimum-length message shows. The index is fetched only once there
 * is a query to answer.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  SiteLink,
  defineBlock,
  isSearchable,
  useQueryParams,
  useSiteSearch,
} from '../../engine/index.ts';
import type { SearchPageProps } from '../../schemas/types/blocks/search-page.ts';
import styles from './search-page.module.css';

export const LOADING_TEXT = 'Searching...';
export const UNAVAILABLE_TEXT = 'Search is not available right now. Please try again later.';

export const resultsHeading = (template: string, count: number, query: string) =>
  template.replaceAll('{count}', String(count)).replaceAll('{query}', query);

function SearchPage({ label, placeholder, buttonText, resultsText, resultText, pageSize, moreText }: SearchPageProps) {
  // Empty until hydrated: the prerendered page has no query.
  const [params, setParams] = useQueryParams();
  const query = (params.get('query') ?? params.get('query-box') ?? '').trim();
  const [text, setText] = useState(query);
  const [emptySubmit, setEmptySubmit] = useState(false);
  const [shown, setShown] = useState(pageSize);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const index = useSiteSearch(isSearchable(query));

  useEffect(() => {
    setText(query);
    setShown(pageSize);
    setEmptySubmit(false);
  }, [query, pageSize]);

  const hits = useMemo(
    () => (index.status === 'ready' && isSearchable(query) ? index.search(query, Infinity) : []),
    [index, query],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) {
      setEmptySubmit(true);
      input.current?.focus();
      return;
    }
    setEmptySubmit(false);
    setParams({ query: t, 'query-box': null });
  };

  const tooShort = emptySubmit || (query !== '' && !isSearchable(query));
  const answering = !tooShort && query !== '';
  let status = '';
  if (answering) {
    if (index.status === 'error') status = UNAVAILABLE_TEXT;
    else if (index.status !== 'ready') status = LOADING_TEXT;
    else if (!hits.length) status = SEARCH_NO_RESULTS_MESSAGE;
    else status = resultsHeading(hits.length === 1 ? resultText : resultsText, hits.length, query);
  }
  const listed = answering && hits.length > 0;

  return (
    <div className={styles.section}>
      {/* biome-ignore lint/a11y/useSemanticElements: a search form is the search landmark, in browsers without the search element too */}
      <form role="search" method="get" className={styles.form} onSubmit={submit}>
        <label htmlFor="query-box" className={styles.label}>
          {label}
        </label>
        <div className={styles.row}>
          <input
            ref={input}
            id="query-box"
            className={styles.input}
            type="search"
            name="query"
            placeholder={placeholder}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setEmptySubmit(false);
            }}
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? `${id}-error` : undefined}
          />
          <button type="submit" className={styles.button}>
            {buttonText}
          </button>
        </div>
        {tooShort && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {SEARCH_MIN_LENGTH_MESSAGE}
          </p>
        )}
      </form>
      {/* Announced when it changes; shown as text except above a result list, which has it as its heading. */}
      <p role="status" className={listed ? 'jv-sr-only' : styles.note}>
        {status}
      </p>
      {listed && (
        <>
          <h2 id={`${id}-results`} className={styles.heading}>
            {status}
          </h2>
          <ol className={styles.results} aria-labelledby={`${id}-results`}>
            {hits.slice(0, shown).map((h) => (
              <li key={h.id} className={styles.result}>
                <SiteLink href={h.url} className={styles.link}>
                  {h.name}
                </SiteLink>
                <span className={styles.kind}>{h.kind === 'page' ? 'Page' : h.title}</span>
                {h.description && <p className={styles.description}>{h.description}</p>}
              </li>
            ))}
          </ol>
          {hits.length > shown && (
            <button type="button" className={styles.more} onClick={() => setShown((n) => n + pageSize)}>
              {moreText}
            </button>
          )}
        </>
      )}
    </div>
  );
}

export default defineBlock({
  type: 'search-page',
  component: SearchPage,
  island: { start: 'load', code: 'component' },
  description: 'Search page: the query box and the results of ?query=.',
});
