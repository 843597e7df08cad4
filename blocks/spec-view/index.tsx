import { Fragment, useId } from 'react';
import { EmptyState, defineBlock } from '../../engine/index.ts';
import type { SpecViewProps } from '../../schemas/types/blocks/spec-view.ts';
import styles from './spec-view.module.css';

type Group = SpecViewProps['groups'][number];

/** Tabular groups as tables, then the tabbing groups as one set of tabs; the empty state without groups. */
function SpecView({ title, groups, view, emptyTitle, emptyText }: SpecViewProps) {
  const id = useId();
  const viewOf = (g: Group) => view ?? g.specView;
  const tables = groups.filter((g) => viewOf(g) === 'tabular');
  const tabbed = groups.filter((g) => viewOf(g) === 'tabbing');
  // A section only with its heading; untitled, the tables stand in a plain box.
  const Box = title ? 'section' : 'div';
  return (
    <Box className={styles.specs} {...(title ? { 'aria-labelledby': `${id}title` } : {})}>
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
    </Box>
  );
}

function SpecTable({ group }: { group: Group }) {
  const keys = group.showKeys;
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

/**
 * The tabbing groups as radio-input tabs, with no script: a visually hidden radio per group
 * (arrow keys move between them), its label as the tab, then the group's panel, shown by CSS
 * while its radio is checked. The first group is chosen in the HTML.
 */
function SpecTabs({ groups }: { groups: Group[] }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a tab strip made of radios, styled as tabs; a fieldset's own box would need undoing
    <div className={styles.tabs} role="group" aria-label="Specification groups">
      {groups.map((g, i) => (
        <Fragment key={i}>
          <input
            type="radio"
            className={styles.tabInput}
            id={`${id}tab-${i}`}
            name={`${id}tabs`}
            value={String(i)}
            defaultChecked={i === 0}
          />
          <label htmlFor={`${id}tab-${i}`} id={`${id}label-${i}`} className={styles.tab}>
            {g.title}
          </label>
          {/* biome-ignore lint/a11y/useSemanticElements: a panel of text, not of form controls */}
          <div className={styles.panel} role="group" aria-labelledby={`${id}label-${i}`}>
            <SpecList group={g} />
            {g.image && (
              <img
                className={styles.image}
                src={g.image.src}
                alt={g.image.alt}
                width={g.image.width}
                height={g.image.height}
                loading="lazy"
                decoding="async"
              />
            )}
          </div>
        </Fragment>
      ))}
    </div>
  );
}

function SpecList({ group }: { group: Group }) {
  const List = group.contentFormat === 'ordered-list' ? 'ol' : 'ul';
  const keys = group.showKeys;
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

export default defineBlock({
  type: 'spec-view',
  component: SpecView,
  description: 'Specification groups as tables or tabs, as lists in a grid or a column.',
});
