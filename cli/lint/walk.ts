/** Walks every block instance of every page and template, with its file and JSON Pointer. */
import type { BlockInstance } from '../../engine/node.ts';
import type { LintContext } from './context.ts';

export type BlockVisitor = (block: BlockInstance, file: string, pointer: string, item: unknown) => void;

export function forEachBlock(ctx: LintContext, visit: BlockVisitor) {
  // A collection page's item-relative references are checked against the first item using it.
  const itemOf = new Map<string, unknown>();
  for (const r of ctx.routes) if (r.item !== undefined && !itemOf.has(r.page)) itemOf.set(r.page, r.item);
  for (const file of ctx.site.files.values()) {
    const v = file.value as { blocks?: unknown; regions?: unknown } | undefined;
    if (!v || typeof v !== 'object') continue;
    if (file.rel.startsWith('pages/') && Array.isArray(v.blocks)) {
      const item = itemOf.get(file.rel.slice(6, -5));
      v.blocks.forEach((b, i) => isBlock(b) && visit(b, file.rel, `/blocks/${i}`, item));
    } else if (file.rel.startsWith('templates/') && Array.isArray(v.regions)) {
      v.regions.forEach((r: { blocks?: unknown }, ri: number) => {
        if (Array.isArray(r?.blocks)) r.blocks.forEach((b, i) => isBlock(b) && visit(b, file.rel, `/regions/${ri}/blocks/${i}`, undefined));
      });
    }
  }
}

const isBlock = (b: unknown): b is BlockInstance => !!b && typeof b === 'object' && typeof (b as BlockInstance).type === 'string';
