import { Img, SOCIAL_LABELS, SiteLink, SocialIcon, defineBlock, renderInline } from '../../engine/index.ts';
import type { AuthorProps } from '../../schemas/types/blocks/author.ts';
import styles from './author.module.css';

/** An author or team member card: photo, name (optionally linked), role, bio and social links. */
function Author({ name, role, photo, bio, url, headingLevel, socials = [] }: AuthorProps) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  return (
    <section className={styles.author}>
      {photo && <Img image={photo} className={styles.photo} />}
      <div className={styles.body}>
        <Heading className={styles.name}>{url ? <SiteLink href={url}>{name}</SiteLink> : name}</Heading>
        {role && <p className={styles.role}>{role}</p>}
        {bio && <p className={styles.bio}>{renderInline(bio)}</p>}
        {socials.length > 0 && (
          <ul className={styles.socials} aria-label={`${name} on social media`}>
            {socials.map((s, i) => (
              <li key={i}>
                <a
                  href={s.url}
                  className={styles.social}
                  aria-label={s.label ?? `${name} on ${SOCIAL_LABELS[s.network]}`}
                  rel="noopener"
                >
                  <SocialIcon network={s.network} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'author',
  component: Author,
  description: 'Author or team member: photo, name, role, bio and social links.',
});
