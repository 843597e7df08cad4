import { EmbeddedBlock, defineBlock, usePageRegions } from '../../engine/index.ts';
import type { FilterTabsProps } from '../../schemas/types/blocks/filter-tabs.ts';
import { slotOffsets } from './slots.ts';

/**
 * Tabs over FAQ, videos and slot panels (blocks that follow this one). Static: the page's
 * blocks are known here, at build time, so this finds the slot blocks and hands them, with the
 * props, to filter-tabs-view, the island that runs the tabs in the browser (where the page's
 * blocks are not known).
 */
function FilterTabs({ tabs, title, label, layout, emptyTitle, emptyText }: FilterTabsProps) {
  const slots = slotOffsets(usePageRegions(), tabs).map((offset) => offset ?? null);
  return (
    <EmbeddedBlock
      type="filter-tabs-view"
      props={{ tabs, ...(title !== undefined && { title }), label, layout, emptyTitle, emptyText, slots }}
    />
  );
}

export default defineBlock({
  type: 'filter-tabs',
  component: FilterTabs,
  description: 'Tabs over FAQ, videos and following blocks (specifications, samples), layouts v1 and v2.',
});
