import styles from './tabs.module.css';

/** The "nothing here" panel a tab or a view shows when it has no content (filter tabs, spec views). */
export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      <p className={styles.emptyText}>{text}</p>
    </div>
  );
}
