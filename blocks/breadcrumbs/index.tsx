import { SiteLink, defineBlock, usePageData } from '../../engine/index.ts';
import type { BreadcrumbsProps } from '../../schemas/types/blocks/breadcrumbs.ts';
import styles from './breadcrumbs.module.css';

/** The route's breadcrumb items from routes.json; the last one is the current page. */
function Breadcrumbs({ label }: BreadcrumbsProps) {
  const items = usePageData().breadcrumbs;
  if (!items.length) return null;
  return (
    <nav className={styles.breadcrumbs} aria-label={label}>
      <ol className={styles.list}>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} className={styles.item}>
              <SiteLink href={item.url} className={styles.link} aria-current={last ? 'page' : undefined}>
                {item.text}
              </SiteLink>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export default defineBlock({
  type: 'breadcrumbs',
  component: Breadcrumbs,
  description: "The route's breadcrumb trail.",
});
