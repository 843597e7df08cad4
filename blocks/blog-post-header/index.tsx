import {
  BLOG_MESSAGES,
  Img,
  SiteLink,
  asBlogCategories,
  useBlogUrls,
  defineBlock,
  formatPublishDate,
  isBlogPost,
} from '../../engine/index.ts';
import type { BlogPostHeaderProps } from '../../schemas/types/blocks/blog-post-header.ts';
import styles from './blog-post-header.module.css';

/**
 * The top of a post: its category (linking to the category page), the title as the page's h1,
 * the description, the author with portrait and link to their page, the publish date, and the
 * hero image (loaded first: it is the largest thing above the fold). The body is a rich-text
 * block after it, so its headings get the ids the table of contents links to.
 */
function BlogPostHeader({ post, categories, byLabel }: BlogPostHeaderProps) {
  const blogUrls = useBlogUrls();
  if (!isBlogPost(post)) return <p className={styles.problem}>{BLOG_MESSAGES.invalidBlogData}</p>;
  const category = (asBlogCategories(categories) ?? []).find((c) => c.key === post.blogCategory);
  const { author } = post;
  return (
    <header className={styles.header}>
      {category && (
        <p className={styles.eyebrow}>
          <SiteLink href={blogUrls.category(category.key)}>{category.title}</SiteLink>
        </p>
      )}
      <h1 className={styles.title}>{post.title}</h1>
      {post.description && <p className={styles.lead}>{post.description}</p>}
      <div className={styles.byline}>
        {author.logo && (
          <img className={styles.avatar} src={author.logo.src} alt="" width={56} height={56} decoding="async" />
        )}
        <p>
          {byLabel} <SiteLink href={blogUrls.author(author.id)}>{author.name}</SiteLink>
          <br />
          <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
        </p>
      </div>
      {post.image && <Img image={post.image} priority className={styles.hero} />}
    </header>
  );
}

export default defineBlock({
  type: 'blog-post-header',
  component: BlogPostHeader,
  description: "A blog post's header: category, title, author, date and hero image.",
});
