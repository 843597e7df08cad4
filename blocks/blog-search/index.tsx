import { useEffect, useId, useState, type FormEvent } from 'react';
import { defineBlock, useQueryParams } from '../../engine/index.ts';
import type { BlogSearchProps } from '../../schemas/types/blocks/blog-search.ts';
import styles from './blog-search.module.css';

/**
 * The blog's search box. It keeps the words in the query string (`?q=`, shareable, back button
 * works) and the page's blog-list filters by them, as the visitor types; the parameter is set
 * only when the trimmed text is not empty, and a new search starts at page 1. With `action`
 * (a search box away from the list) submitting opens that page with the search.
 */
function BlogSearch({ label, placeholder, buttonLabel, action }: BlogSearchProps) {
  const [params, setParams] = useQueryParams();
  const id = useId();
  const current = params.get('q') ?? '';
  const [text, setText] = useState(current);
  // Follow the URL (hydration, back/forward) unless it already says what the box says.
  useEffect(() => setText((t) => (t.trim() === current.trim() ? t : current)), [current]);

  const apply = (value: string, replace: boolean) => setParams({ q: value.trim() || null, page: null }, { replace });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (action) window.location.assign(q ? `${action}?${new URLSearchParams({ q })}` : action);
    else apply(text, false);
  };

  return (
    <div className={styles.search}>
      {/* biome-ignore lint/a11y/useSemanticElements: a search form is the search landmark, in browsers without the search element too */}
      <form className={styles.form} role="search" aria-label={label} onSubmit={onSubmit} action={action} method="get">
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <div className={styles.row}>
          <input
            id={id}
            className={styles.input}
            type="search"
            name="q"
            value={text}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value);
              if (!action) apply(e.target.value, true);
            }}
          />
          <button type="submit" className={styles.button}>
            {buttonLabel}
          </button>
        </div>
      </form>
    </div>
  );
}

export default defineBlock({
  type: 'blog-search',
  component: BlogSearch,
  island: { start: 'load', code: 'component' },
  description: 'Blog search box: filters the blog list by title, description or author (?q=).',
});
