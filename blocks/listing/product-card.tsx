/**
 * One card of the listing: image, badges, title link, starting price, the description cut at
 * `descriptionLimit` characters and at most `bulletLimit` bullets, then Read more (a link to
 * the item, whose accessible name says which item) when anything was cut; an item with a sample
 * gets a button that adds it to the sample cart.
 */
import { Img, SampleAction, SiteLink, formatPrice, gridLayout, truncateText } from '../../engine/index.ts';
import type { ListingProps } from '../../schemas/types/blocks/listing.ts';
import styles from './listing.module.css';

export type ListingItem = ListingProps['items'][number];

export function ProductCard({
  item,
  descriptionLimit,
  bulletLimit,
  priority,
  sampleTexts,
}: {
  item: ListingItem;
  descriptionLimit: number;
  bulletLimit: number;
  priority?: boolean;
  sampleTexts: { label: string; inCartText: string; cartText: string; cartUrl: string };
}) {
  const description = item.description ? truncateText(item.description, descriptionLimit) : undefined;
  const bullets = item.bullets ?? [];
  const cut = bullets.length > bulletLimit || (item.description !== undefined && description !== item.description);
  return (
    <article className={styles.card}>
      {item.image && <Img image={item.image} priority={priority} className={styles.cardImage} layout={gridLayout(3)} />}
      <div className={styles.cardBody}>
        {!!item.labels?.length && (
          <ul className={styles.badges} aria-label="Labels">
            {item.labels.map((l) => (
              <li key={l} className={styles.badge}>
                {l}
              </li>
            ))}
          </ul>
        )}
        <h3 className={styles.cardTitle}>
          <SiteLink href={item.url} className={styles.cardLink}>
            {item.title}
          </SiteLink>
        </h3>
        {item.subtitle && <p className={styles.subtitle}>{item.subtitle}</p>}
        {item.price !== undefined && (
          <p className={styles.price}>
            From <strong>{formatPrice(item.price)}</strong>
            {item.priceUnit && <span className={styles.unit}> per {item.priceUnit}</span>}
          </p>
        )}
        {description && <p className={styles.description}>{description}</p>}
        {bullets.length > 0 && (
          <ul className={styles.bullets}>
            {bullets.slice(0, bulletLimit).map((b, i) => (
              <li key={i}>{b}</li>
            ))}
          </ul>
        )}
        <div className={styles.cardActions}>
          {cut && (
            <SiteLink href={item.url} className={styles.readMore}>
              Read more<span className="jv-sr-only"> about {item.title}</span>
            </SiteLink>
          )}
          {item.action && (
            <SiteLink href={item.action.url} className={styles.action}>
              {item.action.label}
              <span className="jv-sr-only">: {item.title}</span>
            </SiteLink>
          )}
        </div>
        {item.sample && <SampleAction sample={item.sample} {...sampleTexts} />}
      </div>
    </article>
  );
}
