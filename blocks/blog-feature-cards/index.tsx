import { useId } from 'react';
import {
  BLOG_MESSAGES,
  SiteLink,
  asBlogCategories,
  asBlogPosts,
  useBlogUrls,
  defineBlock,
  formatPublishDate,
  newestFirst,
  useImagePriority,
  type BlogPostSummary,
  linkCardStyles,
  sectionStyles,
} from '../../engine/index.ts';
import type { BlogFeatureCardsProps } from '../../schemas/types/blocks/blog-feature-cards.ts';
import styles from './blog-feature-cards.module.css';

/** The posts to feature: the given slugs in order, else the popular posts, else the newest. */
function featured(posts: BlogPostSummary[], slugs: string[] | undefined, limit: number): BlogPostSummary[] {
  if (slugs?.length) return slugs.flatMap((s) => posts.filter((p) => p.slug === s)).slice(0, limit);
  const sorted = newestFirst(posts);
  const popular = sorted.filter((p) => p.isPopular);
  return (popular.length ? popular : sorted).slice(0, limit);
}

/** Large cards for featured posts; the first spans two columns on wide screens. */
function BlogFeatureCards({ title, intro, posts, categories, slugs, limit, readMoreLabel }: BlogFeatureCardsProps) {
  // The lead card's image is fetched first when it is the page's first image (engine/ui/image-priority.ts).
  const leadFirst = useImagePriority();
  const headingId = useId();
  const blogUrls = useBlogUrls();
  const all = asBlogPosts(posts);
  const cats = categories === undefined ? [] : asBlogCategories(categories);
  const Heading = title ? 'h3' : 'h2';
  const byKey = new Map((cats ?? []).map((c) => [c.key, c.title]));
  const shown = all ? featured(all, slugs, limit) : [];
  return (
    <section className={sectionStyles.section} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h2 id={headingId} className={sectionStyles.title}>
          {title}
        </h2>
      )}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      {!all || !cats ? (
        <p className={sectionStyles.problem}>{BLOG_MESSAGES.invalidBlogData}</p>
      ) : shown.length === 0 ? (
        <p className={sectionStyles.problem}>{BLOG_MESSAGES.noBlogs}</p>
      ) : (
        <ul className={styles.grid}>
          {shown.map((p, i) => (
            <li key={p.slug} className={`${styles.card} ${i === 0 ? styles.lead : ''}`}>
              {p.image && (
                <img
                  className={styles.image}
                  src={p.image.src}
                  alt=""
                  width={p.image.width}
                  height={p.image.height}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  {...(i === 0 && leadFirst && { fetchPriority: 'high' as const })}
                />
              )}
              <div className={styles.body}>
                {byKey.has(p.blogCategory) && <p className={linkCardStyles.category}>{byKey.get(p.blogCategory)}</p>}
                <Heading className={styles.cardTitle}>
                  <SiteLink href={blogUrls.post(p.slug)} className={linkCardStyles.link}>
                    {p.title}
                  </SiteLink>
                </Heading>
                <p className={linkCardStyles.description}>{p.description}</p>
                <p className={styles.meta}>
                  {p.author.name}
                  <span aria-hidden="true"> · </span>
                  <time dateTime={p.publishDate}>{formatPublishDate(p.publishDate)}</time>
                </p>
                <span className={styles.more} aria-hidden="true">
                  {readMoreLabel} →
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default defineBlock({
  type: 'blog-feature-cards',
  component: BlogFeatureCards,
  description: 'Featured blog posts as large cards.',
});
