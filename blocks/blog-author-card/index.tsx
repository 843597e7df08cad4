import { useId } from 'react';
import {
  BLOG_MESSAGES,
  RichNodes,
  SiteLink,
  useBlogUrls,
  defineBlock,
  isBlogAuthor,
  type BlogAuthor,
  sectionStyles,
} from '../../engine/index.ts';
import type { BlogAuthorCardProps } from '../../schemas/types/blocks/blog-author-card.ts';
import styles from './blog-author-card.module.css';

/** The author, completed from the authors list when only a post's reference ({ id, name }) is given. */
function resolveAuthor(author: unknown, authors: unknown): BlogAuthor | null {
  if (!isBlogAuthor(author)) return null;
  const full = Array.isArray(authors) ? authors.find((a) => (a as { id?: unknown })?.id === author.id) : undefined;
  if (full !== undefined && !isBlogAuthor(full)) return null;
  return { ...author, ...full };
}

/**
 * An author: portrait, name, role and bio. `profile` is the author page's heading (the name is
 * the h1); `card` sits under a post with a link to the author's page.
 */
function BlogAuthorCard({ author, authors, variant, title, linkLabel }: BlogAuthorCardProps) {
  const headingId = useId();
  const blogUrls = useBlogUrls();
  const a = resolveAuthor(author, authors);
  if (!a) return <p className={styles.problem}>{BLOG_MESSAGES.invalidAuthorData}</p>;
  const profile = variant === 'profile';
  const Name = profile ? 'h1' : title ? 'h3' : 'h2';
  return (
    <section
      className={`${sectionStyles.section} ${profile ? styles.profile : styles.card}`}
      aria-labelledby={headingId}
    >
      {title && !profile && <h2 className={styles.label}>{title}</h2>}
      <div className={styles.inner}>
        {a.logo && (
          <img
            className={styles.avatar}
            src={a.logo.src}
            alt={a.logo.alt}
            width={profile ? 160 : 96}
            height={profile ? 160 : 96}
            decoding="async"
          />
        )}
        <div>
          <Name id={headingId} className={styles.name}>
            {a.name}
          </Name>
          {a.role && <p className={styles.role}>{a.role}</p>}
          {Array.isArray(a.bio) && a.bio.length > 0 && (
            <div className={styles.bio}>
              <RichNodes nodes={a.bio} />
            </div>
          )}
          {!profile && (
            <p className={styles.more}>
              <SiteLink href={blogUrls.author(a.id)}>{linkLabel.replace('{name}', a.name)}</SiteLink>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'blog-author-card',
  component: BlogAuthorCard,
  description: 'A blog author: portrait, name, role, bio and link.',
});
