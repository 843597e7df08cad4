import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EmptyState, defineBlock, usePageData, useTabs } from '../../engine/index.ts';
import type { FilterTabsProps } from '../../schemas/types/blocks/filter-tabs.ts';
import { FaqPanel, VideoPanel } from './panels.tsx';
import { siblingAt, slotOffsets } from './slots.ts';
import styles from './filter-tabs.module.css';

type Tab = FilterTabsProps['tabs'][number];

/**
 * ARIA tabs over FAQ, videos and slot panels (blocks that follow this one). A slot panel is
 * shown and hidden with CSS from this block's data-hide attribute (so the prerendered page is
 * already right) and gets its tabpanel role and label once hydrated.
 */
function Tabs({ tabs, title, label = 'Product details', layout = 'filter-tabs-v1', emptyTitle = 'No Data Found', emptyText = 'We are sorry, but we could not find any data.' }: FilterTabsProps) {
  const id = useId();
  const { regions } = usePageData();
  const offsets = slotOffsets(regions, tabs as Tab[]);
  const t = useTabs(tabs.length);
  const root = useRef<HTMLElement>(null);
  const [slotIds, setSlotIds] = useState<Record<number, string>>({});

  // Give each slot block the tabpanel role, an id the tab controls, and the tab as its name.
  useEffect(() => {
    const ids: Record<number, string> = {};
    offsets.forEach((offset, i) => {
      const el = offset ? siblingAt(root.current, offset) : null;
      if (!el) return;
      if (!el.id) el.id = t.panelId(i);
      ids[i] = el.id;
      el.setAttribute('role', 'tabpanel');
      el.setAttribute('tabindex', '0');
      // A tab panel is named by its tab (a slot block's own heading stays its first line).
      el.removeAttribute('aria-label');
      el.setAttribute('aria-labelledby', t.tabId(i));
    });
    setSlotIds((prev) => (JSON.stringify(prev) === JSON.stringify(ids) ? prev : ids));
  }, [offsets.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps

  const hide = offsets.filter((o, i) => o !== undefined && i !== t.selected).join(' ');
  const v2 = layout === 'filter-tabs-v2';
  return (
    <section
      ref={root}
      className={`${styles.tabs} ${v2 ? styles.v2 : styles.v1}`}
      data-hide={hide || undefined}
      {...(title ? { 'aria-labelledby': `${id}title` } : {})}
    >
      {title && (
        <h2 id={`${id}title`} className={styles.title}>
          {title}
        </h2>
      )}
      <div className={styles.frame}>
        <div role="tablist" aria-label={label} aria-orientation={v2 ? 'vertical' : 'horizontal'} className={styles.tablist}>
          {tabs.map((tab, i) => {
            const props = t.tabProps(i);
            return (
              <button key={i} {...props} aria-controls={slotIds[i] ?? props['aria-controls']} className={styles.tab}>
                {tab.label}
              </button>
            );
          })}
        </div>
        {tabs.map((tab, i) =>
          offsets[i] !== undefined ? null : (
            <div key={i} {...t.panelProps(i)} className={styles.panel}>
              <PanelContent tab={tab} empty={<EmptyState title={emptyTitle} text={emptyText} />} />
            </div>
          ),
        )}
      </div>
    </section>
  );
}

/** Each page starts on its first tab (the block instance is reused when navigating between styles). */
function FilterTabs(props: FilterTabsProps) {
  return <Tabs key={usePageData().path} {...props} />;
}

function PanelContent({ tab, empty }: { tab: Tab; empty: ReactNode }) {
  if (tab.faqs?.length) return <FaqPanel faqs={tab.faqs} />;
  if (tab.videos?.length) return <VideoPanel videos={tab.videos} />;
  return <>{empty}</>;
}

export default defineBlock({ type: 'filter-tabs', component: FilterTabs, description: 'Tabs over FAQ, videos and following blocks (specifications, samples), layouts v1 and v2.' });
