import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import { defineBlock, Later, usePageData, useQueryParams } from '../../engine/index.ts';
import type { ListingProps } from '../../schemas/types/blocks/listing.ts';
import { FilterBar } from './filter-bar.tsx';
import {
  applyQuery,
  DEFAULT_SORTS,
  filterDefs,
  pageCount,
  queryString,
  readQuery,
  visibleRange,
} from './listing-state.ts';
import { Pagination } from './pagination.tsx';
import { ProductCard } from './product-card.tsx';
import styles from './listing.module.css';

/**
 * Where focus goes: after a page link, the list comes into view and its results line takes
 * focus, as a new page would (not when a shared ?page= applies on load, nor on back/forward);
 * after Load more (by button), the first card that was added.
 */
function useListingFocus(page: number, end: number) {
  const sectionRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusItem = useRef<number | null>(null);
  const pageLinkUsed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (!pageLinkUsed.current) return;
    pageLinkUsed.current = false;
    sectionRef.current?.querySelector<HTMLElement>('[data-listing-focus]')?.focus({ preventScroll: true });
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [page]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when more items are shown
  useEffect(() => {
    if (focusItem.current === null) return;
    const link = listRef.current?.children[focusItem.current]?.querySelector<HTMLElement>('a');
    focusItem.current = null;
    link?.focus();
  }, [end]);
  return { sectionRef, listRef, focusItem, pageLinkUsed };
}

/** The results line: "Showing 1–12 of 40" with page numbers, else "Showing 24 of 40". */
const showing = (range: { start: number; end: number }, total: number, pagination: ListingProps['pagination']) =>
  pagination === 'page-numbers'
    ? `Showing ${range.start + 1}–${range.end} of ${total}`
    : `Showing ${range.end} of ${total}`;

/**
 * A listing of product cards with sort, filters and pagination, its state in the URL. The
 * prerendered HTML shows the first page in the authored order; after hydration the URL's
 * page, sort and filters apply (see useQueryParams). Filter, sort and page-number changes add
 * a history entry (Back undoes them); load-more and infinite scroll replace it.
 */
function ListingView({
  path,
  title,
  label,
  items,
  pageSize,
  pagination,
  sortOptions,
  filters,
  filterLabels,
  emptyText,
  descriptionLimit,
  bulletLimit,
  sampleText,
  inCartText,
  cartText,
  cartUrl,
}: ListingProps & { path: string }) {
  const id = useId();
  const [params, update] = useQueryParams();
  const defs = useMemo(() => filterDefs(items, filters, filterLabels), [items, filters, filterLabels]);
  const sorts = sortOptions ?? DEFAULT_SORTS;
  const query = readQuery(
    params,
    defs,
    sorts.map((s) => s.value),
  );
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is read anew each render; key (the URL's parameters) stands for it
  const matching = useMemo(() => applyQuery(items, query), [items, key, defs]);
  const total = matching.length;
  const pages = pageCount(total, pageSize);
  const range = visibleRange(total, pageSize, query.page, pagination);
  const shown = matching.slice(range.start, range.end);

  const { sectionRef, listRef, focusItem, pageLinkUsed } = useListingFocus(range.page, range.end);

  const filterNames = defs.map((d) => d.name);
  const hrefOf = (n: number) => path + queryString(params, { page: n === 1 ? null : String(n) });
  // A plain left click on a page link shows that page here, as a new history entry (none for the
  // page shown); a click that opens another tab or window is the browser's.
  const followPage = (e: MouseEvent<HTMLAnchorElement>, n: number) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (n === range.page) return;
    pageLinkUsed.current = true;
    update({ page: n === 1 ? null : String(n) });
  };
  const more = (focus: boolean) => {
    if (range.page >= pages) return;
    if (focus) focusItem.current = range.end;
    update({ page: String(range.page + 1) }, { replace: true });
  };
  const headingId = `${id}title`;

  return (
    <section
      ref={sectionRef}
      className={styles.listing}
      {...(title ? { 'aria-labelledby': headingId } : { 'aria-label': label ?? 'Products' })}
    >
      {title && (
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
      )}
      {/* The filters and each card hydrate in tasks of their own. */}
      <Later>
        <FilterBar
          sorts={sorts}
          filters={defs}
          query={query}
          onSort={(v) => update({ sort: v || null, page: null })}
          onFilter={(name, values) => update({ [name]: values, page: null })}
          onClear={() => update({ ...Object.fromEntries(filterNames.map((n) => [n, null])), page: null })}
        />
      </Later>
      <p className={styles.status} role="status" tabIndex={-1} data-listing-focus="">
        {total > 0 && showing(range, total, pagination)}
      </p>
      {total === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <ul ref={listRef} className={styles.grid}>
          {shown.map((item, i) => (
            <li key={item.id ?? item.url} className={styles.cell}>
              <Later>
                <ProductCard
                  item={item}
                  descriptionLimit={descriptionLimit}
                  bulletLimit={bulletLimit}
                  // The first card takes the page's first-image slot if no image above took it.
                  priority={range.start === 0 && i === 0 ? undefined : false}
                  sampleTexts={{ label: sampleText, inCartText, cartText, cartUrl }}
                />
              </Later>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        type={pagination}
        page={range.page}
        pages={pages}
        hrefOf={hrefOf}
        onPageLink={followPage}
        onMore={() => more(true)}
        onAuto={() => more(false)}
        remaining={total - range.end}
      />
    </section>
  );
}

/** The listing of the page shown (its links keep its path). */
function Listing(props: ListingProps) {
  const { path } = usePageData();
  return <ListingView path={path} {...props} />;
}

export default defineBlock({
  type: 'listing',
  component: Listing,
  island: { start: 'load', code: 'component' },
  description: 'Product cards with sort, filters and pagination kept in the URL.',
});
