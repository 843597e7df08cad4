import { SOCIAL_LABELS, SocialIcon, defineBlock, useSite } from '../../engine/index.ts';
import type { SocialsProps } from '../../schemas/types/blocks/socials.ts';
import styles from './socials.module.css';

/** Social network links as icons; each link is named ("Hearthline Cabinetry on Instagram"). */
function Socials({ title, text, links, showLabels, align }: SocialsProps) {
  const site = useSite();
  return (
    <section className={[styles.socials, align === 'center' ? styles.center : ''].filter(Boolean).join(' ')}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {text && <p className={styles.text}>{text}</p>}
      <ul className={styles.list} aria-label={title ? undefined : `${site.name} on social media`}>
        {links.map((l, i) => {
          const network = SOCIAL_LABELS[l.network];
          const name = l.label ?? `${site.name} on ${network}`;
          return (
            <li key={i}>
              <a href={l.url} className={styles.link} aria-label={showLabels ? undefined : name} rel="me noopener">
                <SocialIcon network={l.network} size={22} />
                {showLabels && <span>{l.label ?? network}</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default defineBlock({
  type: 'socials',
  component: Socials,
  description: 'Social network links as labelled icons.',
});
