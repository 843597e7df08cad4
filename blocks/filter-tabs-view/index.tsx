import { useEffect, useId, useRef, type ReactNode } from 'react';
import { EmptyState, defineBlock, useTabs } from '../../engine/index.ts';
import type { FilterTabsViewProps } from '../../schemas/types/blocks/filter-tabs-view.ts';
import { FaqPanel, VideoPanel } from './panels.tsx';
import styles from './filter-tabs-view.module.css';

type Tab = FilterTabsViewProps['tabs'][number];

/** The element `offset` siblings after `el`. */
export function siblingAt(el: Element | null, offset: number): HTMLElement | null {
  let cur: Element | null = el;
  for (let i = 0; i < offset && cur; i++) cur = cur.nextElementSibling;
  return cur as HTMLElement | null;
}

/** The element that stands for this block among the page's blocks: its own, or the wrapper(s) holding only it. */
export function blockElement(el: HTMLElement): HTMLElement {
  let cur = el;
  while (cur.parentElement?.classList.contains('jv-vis') && cur.parentElement.childElementCount === 1)
    cur = cur.parentElement;
  return cur;
}

/**
 * ARIA tabs over FAQ, videos and slot panels, as filter-tabs renders them with the slots it
 * found (`slots`: per tab, the position after this block of the block that is its panel). A slot
 * panel is shown and hidden with CSS from this block's data-hide attribute (so the prerendered
 * page is already right) and gets its tabpanel role and name once hydrated.
 */
function FilterTabsView({ tabs, title, label, layout, emptyTitle, emptyText, slots }: FilterTabsViewProps) {
  const id = useId();
  const t = useTabs(tabs.length);
  const root = useRef<HTMLElement>(null);
  const tabEls = useRef<(HTMLElement | null)[]>([]);
  // Give each slot block the tabpanel role, an id its tab controls, and the tab as its name. On
  // the elements themselves, from the ids they have in the page: the prerendered tab's id may not
  // be the one this render would give it (the server's ids are kept as they are).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prerendered slots are wired once, on mount
  useEffect(() => {
    if (!root.current) return;
    const self = blockElement(root.current);
    slots.forEach((offset, i) => {
      const el = offset ? siblingAt(self, offset) : null;
      const tab = tabEls.current[i];
      if (!tab || !offset) return;
      // A slot whose block is not on the page: the tab controls no panel.
      if (!el) {
        tab.removeAttribute('aria-controls');
        return;
      }
      if (!el.id) el.id = `${tab.id}-panel`;
      tab.setAttribute('aria-controls', el.id);
      el.setAttribute('role', 'tabpanel');
      el.setAttribute('tabindex', '0');
      // A tab panel is named by its tab (a slot block's own heading stays its first line).
      el.removeAttribute('aria-label');
      el.setAttribute('aria-labelledby', tab.id);
    });
  }, []);

  const hide = slots.filter((o, i) => o !== null && i !== t.selected).join(' ');
  const v2 = layout === 'filter-tabs-v2';
  return (
    <section
      ref={root}
      className={v2 ? `${styles.tabs} ${styles.v2}` : styles.tabs}
      data-hide={hide || undefined}
      {...(title ? { 'aria-labelledby': `${id}title` } : {})}
    >
      {title && (
        <h2 id={`${id}title`} className={styles.title}>
          {title}
        </h2>
      )}
      <div className={styles.frame}>
        <div
          role="tablist"
          aria-label={label}
          aria-orientation={v2 ? 'vertical' : 'horizontal'}
          className={styles.tablist}
        >
          {tabs.map((tab, i) => {
            const props = t.tabProps(i);
            return (
              <button
                key={i}
                {...props}
                ref={(el) => {
                  props.ref(el);
                  tabEls.current[i] = el;
                }}
                className={styles.tab}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {tabs.map((tab, i) =>
          slots[i] ? null : (
            <div key={i} {...t.panelProps(i)} className={styles.panel}>
              <PanelContent tab={tab} empty={<EmptyState title={emptyTitle} text={emptyText} />} />
            </div>
          ),
        )}
      </div>
    </section>
  );
}

function PanelContent({ tab, empty }: { tab: Tab; empty: ReactNode }) {
  if (tab.faqs?.length) return <FaqPanel faqs={tab.faqs} />;
  if (tab.videos?.length) return <VideoPanel videos={tab.videos} />;
  return <>{empty}</>;
}

export default defineBlock({
  type: 'filter-tabs-view',
  component: FilterTabsView,
  island: { start: 'visible', code: 'component' },
  description:
    'The tabs of a filter-tabs block as the browser runs them; filter-tabs renders it with the slot blocks it found after itself (not for pages directly).',
});
