/**
 * The three pagination types. page-numbers: real links (?page=N, the other parameters kept),
 * so they work as links (a new tab, no script); a plain click stays on the page, and each page
 * has its own history entry. load-more: a button that
 * shows the next page below the current ones. infinite-scroll: the next page loads as the end
 * of the list scrolls into view, with the same visible button for keyboard users and for
 * browsers without IntersectionObserver.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { SiteLink } from '../../engine/index.ts';
import { pageWindow, type PaginationType } from './listing-state.ts';
import styles from './listing.module.css';

export interface PaginationProps {
  type: PaginationType;
  page: number;
  pages: number;
  /** href of page n (numbers only). */
  hrefOf(n: number): string;
  /** A plain click on the link to page n (the page shows it without loading: call preventDefault). */
  onPageLink(e: MouseEvent<HTMLAnchorElement>, n: number): void;
  /** The Load more button. */
  onMore(): void;
  /** The end of the list scrolled into view (infinite-scroll). */
  onAuto(): void;
  /** Announced on the button: what the next page holds. */
  remaining: number;
}

export function Pagination({ type, page, pages, hrefOf, onPageLink, onMore, onAuto, remaining }: PaginationProps) {
  if (pages <= 1) return null;
  if (type === 'page-numbers')
    return (
      <nav aria-label="Pagination">
        <ul className={styles.pages}>
          {page > 1 && (
            <li>
              <SiteLink
                href={hrefOf(page - 1)}
                className={styles.pageLink}
                rel="prev"
                onClick={(e) => onPageLink(e, page - 1)}
              >
                Previous<span className="jv-sr-only"> page</span>
              </SiteLink>
            </li>
          )}
          {pageWindow(page, pages).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={n}>
                <SiteLink
                  href={hrefOf(n)}
                  className={styles.pageLink}
                  aria-current={n === page ? 'page' : undefined}
                  onClick={(e) => onPageLink(e, n)}
                >
                  <span className="jv-sr-only">Page </span>
                  {n}
                </SiteLink>
              </li>
            ),
          )}
          {page < pages && (
            <li>
              <SiteLink
                href={hrefOf(page + 1)}
                className={styles.pageLink}
                rel="next"
                onClick={(e) => onPageLink(e, page + 1)}
              >
                Next<span className="jv-sr-only"> page</span>
              </SiteLink>
            </li>
          )}
        </ul>
      </nav>
    );
  if (page >= pages) return null;
  return (
    <div className={styles.more}>
      {type === 'infinite-scroll' && <Sentinel onVisible={onAuto} page={page} />}
      <button type="button" className={styles.moreButton} onClick={onMore}>
        Load more<span className="jv-sr-only"> ({remaining} more)</span>
      </button>
    </div>
  );
}

/** Calls onVisible once per page when it scrolls into view. */
function Sentinel({ onVisible, page }: { onVisible(): void; page: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: observes anew for each page
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    let fired = false;
    const io = new IntersectionObserver(
      (entries) => {
        if (!fired && entries.some((e) => e.isIntersecting)) {
          fired = true;
          callback.current();
        }
      },
      { rootMargin: '200px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [page]);
  return <div ref={ref} className={styles.sentinel} aria-hidden="true" />;
}
