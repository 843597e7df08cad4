/**
 * The sort and filter bar: a labelled sort select and, per filter, a disclosure holding a group
 * of checkboxes (one per value, with how many items carry it). Every change goes to the URL.
 * An open filter closes on a click outside it and on Escape (focus back on its summary).
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { FilterDef, ListingQuery } from './listing-state.ts';
import styles from './listing.module.css';

export interface FilterBarProps {
  sorts: { value: string; label: string }[];
  filters: FilterDef[];
  query: ListingQuery;
  onSort(value: string): void;
  onFilter(name: string, values: string[]): void;
  onClear(): void;
}

export function FilterBar({ sorts, filters, query, onSort, onFilter, onClear }: FilterBarProps) {
  const id = useId();
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const close = (e: PointerEvent) => {
      for (const d of bar.current?.querySelectorAll('details[open]') ?? [])
        if (!d.contains(e.target as Node)) d.removeAttribute('open');
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDetailsElement>) => {
    if (e.key !== 'Escape' || !e.currentTarget.open) return;
    e.currentTarget.open = false;
    e.currentTarget.querySelector('summary')?.focus();
  };
  const active = Object.values(query.filters).reduce((n, v) => n + v.length, 0);
  return (
    <div ref={bar} className={styles.bar}>
      <div className={styles.sort}>
        <label htmlFor={`${id}sort`}>Sort by</label>
        <select id={`${id}sort`} value={query.sort ?? ''} onChange={(e) => onSort(e.target.value)}>
          <option value="">Featured</option>
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {filters.length > 0 && (
        <div className={styles.filters}>
          {filters.map((f) => {
            const chosen = query.filters[f.name] ?? [];
            return (
              <details key={f.name} className={styles.filter} onKeyDown={onKeyDown}>
                <summary className={styles.filterSummary}>
                  {f.label}
                  {chosen.length > 0 && <span className={styles.filterCount}> ({chosen.length})</span>}
                </summary>
                <fieldset className={styles.filterBox}>
                  <legend className="jv-sr-only">{f.label}</legend>
                  {f.options.map((o) => (
                    <label key={o.param} className={styles.check}>
                      <input
                        type="checkbox"
                        name={f.name}
                        value={o.param}
                        checked={chosen.includes(o.param)}
                        onChange={(e) =>
                          onFilter(
                            f.name,
                            e.target.checked ? [...chosen, o.param] : chosen.filter((v) => v !== o.param),
                          )
                        }
                      />
                      {o.label} <span className={styles.optionCount}>({o.count})</span>
                    </label>
                  ))}
                </fieldset>
              </details>
            );
          })}
          {active > 0 && (
            <button type="button" className={styles.clear} onClick={onClear}>
              Clear filters
            </button>
          )}
        </div>
      )}
    </div>
  );
}
