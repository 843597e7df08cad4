import { useId, useRef, type MouseEvent } from 'react';
import {
  BLOG_MESSAGES,
  SiteLink,
  asBlogCategories,
  asBlogPosts,
  useBlogUrls,
  defineBlock,
  formatPublishDate,
  matchesBlogSearch,
  newestFirst,
  paginate,
  usePageData,
  useQueryParams,
  type BlogCategory,
  type BlogPostSummary,
  linkCardStyles,
} from '../../engine/index.ts';
import type { BlogListProps } from '../../schemas/types/blocks/blog-list.ts';
import styles from './blog-list.module.css';

/** `?page=N` links that keep the search; page 1 has no parameter. */
function pageHref(path: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
}

function Pagination({
  page,
  pageCount,
  path,
  params,
  label,
  onGo,
}: {
  page: number;
  pageCount: number;
  path: string;
  params: URLSearchParams;
  label: string;
  onGo: (e: MouseEvent<HTMLAnchorElement>, page: number) => void;
}) {
  if (pageCount < 2) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul className={styles.pages}>
        {page > 1 && (
          <li>
            <SiteLink
              href={pageHref(path, params, page - 1)}
              className={styles.pageLink}
              rel="prev"
              onClick={(e) => onGo(e, page - 1)}
            >
              Previous<span className="jv-sr-only"> page</span>
            </SiteLink>
          </li>
        )}
        {pages.map((n) => (
          <li key={n}>
            <SiteLink
              href={pageHref(path, params, n)}
              className={styles.pageLink}
              aria-current={n === page ? 'page' : undefined}
              onClick={(e) => onGo(e, n)}
            >
              <span className="jv-sr-only">Page </span>
              {n}
            </SiteLink>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <SiteLink
              href={pageHref(path, params, page + 1)}
              className={styles.pageLink}
              rel="next"
              onClick={(e) => onGo(e, page + 1)}
            >
              Next<span className="jv-sr-only"> page</span>
            </SiteLink>
          </li>
        )}
      </ul>
    </nav>
  );
}

function PostCard({
  post,
  category,
  Heading,
}: {
  post: BlogPostSummary;
  category?: BlogCategory;
  Heading: 'h2' | 'h3';
}) {
  const blogUrls = useBlogUrls();
  return (
    <li className={linkCardStyles.card}>
      {post.image && (
        <img
          className={styles.image}
          src={post.image.src}
          alt=""
          width={post.image.width}
          height={post.image.height}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className={styles.body}>
        {category && <p className={linkCardStyles.category}>{category.title}</p>}
        <Heading className={styles.cardTitle}>
          <SiteLink href={blogUrls.post(post.slug)} className={linkCardStyles.link}>
            {post.title}
          </SiteLink>
        </Heading>
        {post.description && <p className={linkCardStyles.description}>{post.description}</p>}
        <p className={styles.meta}>
          <span>{post.author.name}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
        </p>
      </div>
    </li>
  );
}

/**
 * Posts newest first in a grid of 3, a page at a time (`?page=N`), narrowed by the search of a
 * blog-search block (`?q=`). The query applies after hydration (the prerendered HTML is page 1
 * of every post), see useQueryParams. Card images are decorative: the title says it all.
 */
function BlogList({ title, posts, categories, category, author, pageSize }: BlogListProps) {
  const [params, setParams] = useQueryParams();
  const path = usePageData().path;
  const headingId = useId();
  const top = useRef<HTMLElement>(null);
  const q = (params.get('q') ?? '').trim();
  const all = asBlogPosts(posts);
  const cats = categories === undefined ? [] : asBlogCategories(categories);

  let inScope: BlogPostSummary[] = [];
  let matching: BlogPostSummary[] = [];
  let problem: string | undefined;
  if (!all || !cats) problem = BLOG_MESSAGES.invalidBlogData;
  else if (category && categories !== undefined && !cats.some((c) => c.key === category))
    problem = BLOG_MESSAGES.categoryNotFound;
  else {
    inScope = newestFirst(all).filter(
      (p) => (!category || p.blogCategory === category) && (!author || p.author.id === author),
    );
    matching = q ? inScope.filter((p) => matchesBlogSearch(p, q)) : inScope;
  }
  const { items, page, pageCount } = paginate(matching, params.get('page'), pageSize);

  let status = '';
  if (!problem) {
    if (inScope.length === 0) status = category ? BLOG_MESSAGES.noBlogsInCategory : BLOG_MESSAGES.noBlogs;
    else if (matching.length === 0) status = BLOG_MESSAGES.noBlogs;
    else if (q) status = `${matching.length} ${matching.length === 1 ? 'article matches' : 'articles match'} “${q}”`;
  }
  const Heading = title ? 'h3' : 'h2';
  const byKey = new Map((cats ?? []).map((c) => [c.key, c]));

  return (
    <section ref={top} className={styles.section} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
      )}
      {problem ? (
        <p className={styles.problem}>{problem}</p>
      ) : (
        <>
          <p className={status && matching.length === 0 ? styles.empty : styles.status} role="status">
            {status}
          </p>
          {items.length > 0 && (
            <ul className={styles.grid}>
              {items.map((p) => (
                <PostCard key={p.slug} post={p} category={byKey.get(p.blogCategory)} Heading={Heading} />
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            pageCount={pageCount}
            path={path}
            params={params}
            label={title ? `${title}: pages` : 'Blog pages'}
            // A plain click shows the page here (a new history entry, none for the page shown),
            // from the top of the list; a click that opens another tab or window is the browser's.
            onGo={(e, n) => {
              if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              if (n !== page) setParams({ page: n > 1 ? String(n) : null });
              top.current?.scrollIntoView({ block: 'start' });
            }}
          />
        </>
      )}
    </section>
  );
}

export default defineBlock({
  type: 'blog-list',
  component: BlogList,
  island: { start: 'load', code: 'component' },
  description: 'Blog posts in a grid of 3 with search, category/author filters and page links.',
});
