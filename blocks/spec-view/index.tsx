import { useId } from 'react';
import { EmptyState, defineBlock, useTabs } from '../../engine/index.ts';
import type { SpecViewProps } from '../../schemas/types/blocks/spec-view.ts';
import styles from './spec-view.module.css';

type Group = SpecViewProps['groups'][number];

/** Tabular groups as tables, then the tabbing groups as one set of tabs; the empty state without groups. */
function SpecView({ title, groups, view, emptyTitle = 'No Data Found', emptyText = 'We are sorry, but we could not find any data.' }: SpecViewProps) {
  const id = useId();
  const viewOf = (g: Group) => view ?? g.specView;
  const tables = groups.filter((g) => viewOf(g) === 'tabular');
  const tabbed = groups.filter((g) => viewOf(g) === 'tabbing');
  return (
    <section className={styles.specs} {...(title ? { 'aria-labelledby': `${id}title` } : {})}>
      {title && (
        <h2 id={`${id}title`} className={styles.title}>
          {title}
        </h2>
      )}
      {groups.length === 0 ? (
        <EmptyState title={emptyTitle} text={emptyText} />
      ) : (
        <>
          {tables.map((g, i) => (
            <SpecTable key={`${g.title}-${i}`} group={g} />
          ))}
          {tabbed.length > 0 && <SpecTabs key={JSON.stringify(tabbed)} groups={tabbed} />}
        </>
      )}
    </section>
  );
}

function SpecTable({ group }: { group: Group }) {
  const keys = group.showKeys ?? true;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{group.title}</caption>
      {keys && (
        <thead className="jv-sr-only">
          <tr>
            <th scope="col">Property</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
      )}
      <tbody>
        {group.props.map((p, i) => (
          <tr key={i}>
            {keys && <th scope="row">{p.label}</th>}
            <td>{p.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SpecTabs({ groups }: { groups: Group[] }) {
  const tabs = useTabs(groups.length);
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="Specification groups" className={styles.tablist}>
        {groups.map((g, i) => (
          <button key={i} {...tabs.tabProps(i)} className={styles.tab}>
            {g.title}
          </button>
        ))}
      </div>
      {groups.map((g, i) => (
        <div key={i} {...tabs.panelProps(i)} className={styles.panel}>
          <SpecList group={g} />
          {g.image && <img className={styles.image} src={g.image.src} alt={g.image.alt} width={g.image.width} height={g.image.height} loading="lazy" decoding="async" />}
        </div>
      ))}
    </div>
  );
}

function SpecList({ group }: { group: Group }) {
  const List = group.contentFormat === 'ordered-list' ? 'ol' : 'ul';
  const keys = group.showKeys ?? true;
  return (
    <List className={`${styles.list} ${group.contentDisplay === 'grid-view' ? styles.grid : styles.stack}`}>
      {group.props.map((p, i) => (
        <li key={i} className={styles.item}>
          {keys && <span className={styles.label}>{`${p.label}: `}</span>}
          <span className={styles.value}>{p.value}</span>
        </li>
      ))}
    </List>
  );
}

export default defineBlock({ type: 'spec-view', component: SpecView, description: 'Specification groups as tables or tabs, as lists in a grid or a column.' });
