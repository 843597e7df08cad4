/**
 * The listing's state as the URL holds it (`page`, `sort`, one repeated parameter per filter
 * name: `?doorStyle=shaker&doorStyle=slab&sort=newest&page=2`) and what it selects: pure
 * functions, so the rules are tested without a browser.
 *
 * Filter values travel as slugs ("Raised panel" -> raised-panel). Within one filter any chosen
 * value matches (or); across filters every filter must match (and).
 */
import { slugify } from '../../engine/index.ts';

export type SortValue = 'a-z' | 'z-a' | 'newest' | 'oldest';
export type PaginationType = 'page-numbers' | 'load-more' | 'infinite-scroll';

export const DEFAULT_SORTS: { value: SortValue; label: string }[] = [
  { value: 'a-z', label: 'Name: A to Z' },
  { value: 'z-a', label: 'Name: Z to A' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

/** Parameters the listing itself uses; a facet with one of these names cannot be a filter. */
const RESERVED = new Set(['page', 'sort']);

export interface ListingEntry {
  title: string;
  date?: string;
  facets?: Record<string, string[]>;
}

export interface FilterOption {
  /** The facet value as shown. */
  label: string;
  /** Its URL form. */
  param: string;
  /** How many items carry it (among all items). */
  count: number;
}

export interface FilterDef {
  name: string;
  label: string;
  options: FilterOption[];
}

export interface ListingQuery {
  page: number;
  sort?: SortValue;
  /** Filter name -> chosen value params (only known filters). */
  filters: Record<string, string[]>;
}

const facetParam = (value: string) => slugify(value);

/** "doorStyle" -> "Door style". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Labels in the order of the 'en' collation. Labels of ASCII letters, digits, spaces and hyphens
 * are put in that order without it (case-blind, then lower case first): the browser's first
 * collator loads the collation data, a long task on a phone in the listing's first render.
 */
const PLAIN_LABEL = /^[A-Za-z0-9 -]*$/;
let labelCollator: Intl.Collator | undefined;
function compareLabels(labels: readonly string[]): (a: string, b: string) => number {
  if (!labels.every((l) => PLAIN_LABEL.test(l))) {
    labelCollator ??= new Intl.Collator('en');
    return labelCollator.compare;
  }
  return (a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] === x[i] ? -1 : 1;
    return 0;
  };
}

/**
 * The filters of a listing: the facet names asked for (or every facet name of the items, in
 * first-seen order), each with its values; a filter offering fewer than two values is left out.
 */
export function filterDefs(
  items: readonly ListingEntry[],
  names?: readonly string[],
  labels: Record<string, string> = {},
): FilterDef[] {
  const seen: string[] = [];
  for (const item of items) for (const k of Object.keys(item.facets ?? {})) if (!seen.includes(k)) seen.push(k);
  return (names ?? seen)
    .filter((name) => !RESERVED.has(name))
    .map((name) => {
      const counts = new Map<string, number>();
      for (const item of items)
        for (const v of new Set(item.facets?.[name] ?? [])) counts.set(v, (counts.get(v) ?? 0) + 1);
      const compare = compareLabels([...counts.keys()]);
      const options = [...counts]
        .map(([label, count]) => ({ label, param: facetParam(label), count }))
        .sort((a, b) => compare(a.label, b.label));
      return { name, label: labels[name] ?? humanize(name), options };
    })
    .filter((f) => f.options.length > 1);
}

/** The query from URL parameters: unknown sorts and filters are ignored, a bad page is page 1. */
export function readQuery(
  params: URLSearchParams,
  filters: readonly FilterDef[],
  sorts: readonly string[],
): ListingQuery {
  const rawPage = params.get('page');
  const page = rawPage && /^\d+$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const sort = params.get('sort');
  const chosen: Record<string, string[]> = {};
  for (const f of filters) {
    const values = [...new Set(params.getAll(f.name).map(facetParam))].filter(Boolean);
    if (values.length) chosen[f.name] = values;
  }
  return { page, ...(sort && sorts.includes(sort) && { sort: sort as SortValue }), filters: chosen };
}

// Made when a shopper first sorts by title, not as the listing starts (see compareLabels).
let titles: Intl.Collator | undefined;
const byTitle = (a: ListingEntry, b: ListingEntry) => {
  titles ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return titles.compare(a.title, b.title);
};

/** Undated items go last whichever way dates are sorted. */
function byDate(dir: 1 | -1) {
  return (a: ListingEntry, b: ListingEntry) => {
    if (!a.date || !b.date) return a.date ? -1 : b.date ? 1 : 0;
    return a.date < b.date ? -dir : a.date > b.date ? dir : 0;
  };
}

/** The items that pass the filters, in the chosen order (the authored order without a sort). */
export function applyQuery<T extends ListingEntry>(
  items: readonly T[],
  q: Pick<ListingQuery, 'sort' | 'filters'>,
): T[] {
  const active = Object.entries(q.filters).filter(([, v]) => v.length);
  const out = items.filter((item) =>
    active.every(([name, wanted]) => (item.facets?.[name] ?? []).some((v) => wanted.includes(facetParam(v)))),
  );
  switch (q.sort) {
    case 'a-z':
      return out.sort(byTitle);
    case 'z-a':
      return out.sort((a, b) => byTitle(b, a));
    case 'newest':
      return out.sort(byDate(-1));
    case 'oldest':
      return out.sort(byDate(1));
    default:
      return out;
  }
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/**
 * Which items show: page-numbers shows page `page` alone; load-more and infinite-scroll show
 * every page up to `page`. `page` is clamped to the pages that exist.
 */
export function visibleRange(
  total: number,
  pageSize: number,
  page: number,
  type: PaginationType,
): { page: number; start: number; end: number } {
  const p = Math.min(Math.max(1, page), pageCount(total, pageSize));
  const end = Math.min(total, p * pageSize);
  return { page: p, start: type === 'page-numbers' ? (p - 1) * pageSize : 0, end };
}

/** Page numbers to link, with null for a gap: 1 … 4 5 6 … 12. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const out: (number | null)[] = [1];
  const from = Math.max(2, current - 1);
  const to = Math.min(pages - 1, current + 1);
  if (from > 2) out.push(null);
  for (let i = from; i <= to; i++) out.push(i);
  if (to < pages - 1) out.push(null);
  out.push(pages);
  return out;
}

/** The query string of a listing state (filters in their declared order, then sort and page). */
export function queryString(base: URLSearchParams, changes: Record<string, string | readonly string[] | null>): string {
  const next = new URLSearchParams(base);
  for (const [k, v] of Object.entries(changes)) {
    next.delete(k);
    if (typeof v === 'string') next.set(k, v);
    else if (v) for (const x of v) next.append(k, x);
  }
  const s = next.toString();
  return s ? `?${s}` : '';
}
