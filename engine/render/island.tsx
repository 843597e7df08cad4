/**
 * Islands: a block whose definition declares one (`island`, IslandDeclaration) is rendered with the page but
 * wrapped in an element that names it, and its props are kept for the page's island list; in the
 * browser the runtime (engine/client/entry.tsx) hydrates each wrapper alone, with those props
 * only. Everything else on the page is HTML and CSS.
 */
import { useContext, type ReactNode } from 'react';
import type { BlockDefinition, IslandStart } from '../types.ts';
import { IslandContext } from './context.ts';
import { ISLAND_ATTR, ISLAND_START_ATTR } from './island-attrs.ts';

/** An island as the browser needs it: its block type, its props, the block types it renders itself. */
export interface IslandRecord {
  type: string;
  start: IslandStart;
  props: Record<string, unknown>;
  embeds?: string[];
  /** The island took the page's first-image slot (ui/image-priority.ts): its own is free in the browser. */
  firstImage?: true;
}
export const useInIsland = () => useContext(IslandContext) !== null;

// Server renders are synchronous, one page at a time: the islands rendered are collected here.
let collector: Map<string, IslandRecord> | null = null;
export function collectIslands<T>(render: () => T): { result: T; islands: Record<string, IslandRecord> } {
  const seen = new Map<string, IslandRecord>();
  collector = seen;
  try {
    return { result: render(), islands: Object.fromEntries(seen) };
  } finally {
    collector = null;
  }
}

/**
 * When the block's island starts: the page's choice for this instance (`load`) over the block's
 * own; undefined for a static block and for one that wraps its running parts itself.
 */
export function islandStart(def: BlockDefinition | undefined, load?: IslandStart): IslandStart | undefined {
  if (!def?.island || def.island.parts) return undefined;
  return load ?? def.island.start;
}

/** Notes a block type rendered inside the current island, whose code the browser loads with it. */
export function useNoteEmbedded(type: string): void {
  const island = useContext(IslandContext);
  if (island && typeof window === 'undefined' && island.type !== type && !island.embeds?.includes(type)) {
    island.embeds ??= [];
    island.embeds.push(type);
  }
}

export function Island({
  id,
  type,
  props,
  start,
  html,
  children,
}: {
  id: string;
  type: string;
  props: Record<string, unknown>;
  start: IslandStart;
  /** Its content rendered as a root of its own (render/island-html.ts), in place of `children`. */
  html?: (record: IslandRecord) => string;
  children?: ReactNode;
}) {
  const record: IslandRecord = { type, start, props };
  collector?.set(id, record);
  const attrs = { className: 'jv-vis', [ISLAND_ATTR]: id, [ISLAND_START_ATTR]: start };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the island (escaped as any render)
  if (html) return <div {...attrs} dangerouslySetInnerHTML={{ __html: html(record) }} />;
  return (
    <div {...attrs}>
      <IslandContext.Provider value={record}>{children}</IslandContext.Provider>
    </div>
  );
}
