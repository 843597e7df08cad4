import { useId } from 'react';
import {
  BLOG_MESSAGES,
  SiteLink,
  asBlogCategories,
  asBlogPosts,
  useBlogUrls,
  defineBlock,
  usePageData,
  sectionStyles,
} from '../../engine/index.ts';
import type { BlogCategoryListProps } from '../../schemas/types/blocks/blog-category-list.ts';
import styles from './blog-category-list.module.css';

/** Every category with its number of posts; the category being shown is marked as current. */
function BlogCategoryList({ title, categories, posts, allLabel }: BlogCategoryListProps) {
  const headingId = useId();
  const blogUrls = useBlogUrls();
  const path = usePageData().path;
  const cats = asBlogCategories(categories);
  const all = asBlogPosts(posts);
  const count = (key: string) => all?.filter((p) => p.blogCategory === key).length ?? 0;
  const entries = [
    ...(allLabel && all ? [{ url: blogUrls.index, label: allLabel, n: all.length }] : []),
    ...(cats ?? []).map((c) => ({ url: blogUrls.category(c.key), label: c.title, n: count(c.key) })),
  ];
  return (
    <nav className={sectionStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={sectionStyles.asideTitle}>
        {title}
      </h2>
      {!cats || !all ? (
        <p className={sectionStyles.asideProblem}>{BLOG_MESSAGES.invalidBlogData}</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((e) => (
            <li key={e.url}>
              <SiteLink href={e.url} className={styles.link} aria-current={e.url === path ? 'page' : undefined}>
                <span>{e.label}</span>
                <span className={styles.count}>
                  {e.n}
                  <span className="jv-sr-only">{e.n === 1 ? ' post' : ' posts'}</span>
                </span>
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

export default defineBlock({
  type: 'blog-category-list',
  component: BlogCategoryList,
  description: 'Blog categories with post counts.',
});
