/**
 * Slot tabs: a tab whose panel is another block placed right after the tabs block (spec-view,
 * sample-list ...), so blocks compose without nesting. The page data says which blocks follow.
 */
import type { BlockNode, RegionNode } from '../../engine/index.ts';

/**
 * For each tab, the position after the tabs block (1 = the next block) of the block it takes
 * as its panel, or undefined (not a slot tab, or no such block directly after the tabs).
 * `tabs` identifies this tabs block among several: the very array its props hold.
 */
export function slotOffsets(
  regions: readonly RegionNode[],
  tabs: readonly { slot?: string }[],
): (number | undefined)[] {
  const out: (number | undefined)[] = tabs.map(() => undefined);
  let blocks: BlockNode[] | undefined;
  let at = -1;
  for (const r of regions) {
    at = r.blocks.findIndex((b) => b.type === 'filter-tabs' && b.props.tabs === tabs);
    if (at < 0)
      at = r.blocks.findIndex((b) => b.type === 'filter-tabs' && JSON.stringify(b.props.tabs) === JSON.stringify(tabs));
    if (at >= 0) {
      blocks = r.blocks;
      break;
    }
  }
  if (!blocks) return out;
  for (let offset = 1; at + offset < blocks.length; offset++) {
    const type = blocks[at + offset]!.type;
    const tab = tabs.findIndex((t, i) => t.slot === type && out[i] === undefined);
    if (tab < 0) break;
    out[tab] = offset;
  }
  return out;
}
