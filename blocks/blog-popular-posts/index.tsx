import { useId } from 'react';
import {
  BLOG_MESSAGES,
  SiteLink,
  asBlogPosts,
  useBlogUrls,
  defineBlock,
  formatPublishDate,
  newestFirst,
  usePageData,
  sectionStyles,
} from '../../engine/index.ts';
import type { BlogPopularPostsProps } from '../../schemas/types/blocks/blog-popular-posts.ts';
import styles from './blog-popular-posts.module.css';

/** The popular posts (isPopular), newest first; the post on screen is left out. */
function BlogPopularPosts({ title, posts, limit }: BlogPopularPostsProps) {
  const headingId = useId();
  const blogUrls = useBlogUrls();
  const path = usePageData().path;
  const all = asBlogPosts(posts);
  const shown = all
    ? newestFirst(all.filter((p) => p.isPopular && blogUrls.post(p.slug) !== path)).slice(0, limit)
    : [];
  return (
    <section className={sectionStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={sectionStyles.asideTitle}>
        {title}
      </h2>
      {!all ? (
        <p className={sectionStyles.asideProblem}>{BLOG_MESSAGES.invalidBlogData}</p>
      ) : shown.length === 0 ? (
        <p className={sectionStyles.asideProblem}>{BLOG_MESSAGES.noBlogs}</p>
      ) : (
        <ol className={styles.list}>
          {shown.map((p) => (
            <li key={p.slug} className={styles.item}>
              {p.image && (
                <img
                  className={styles.thumb}
                  src={p.image.src}
                  alt=""
                  width={96}
                  height={Math.round((96 * (p.image.height ?? 63)) / (p.image.width ?? 96))}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <div>
                <SiteLink href={blogUrls.post(p.slug)} className={styles.link}>
                  {p.title}
                </SiteLink>
                <p className={styles.meta}>
                  <time dateTime={p.publishDate}>{formatPublishDate(p.publishDate)}</time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default defineBlock({
  type: 'blog-popular-posts',
  component: BlogPopularPosts,
  description: 'A short list of popular blog posts.',
});
