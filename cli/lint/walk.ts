/** Walkers shared by the rules: every block of every page and template, every string of a value. */
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
      v.blocks.forEach((b, i) => {
        if (isBlock(b)) visit(b, file.rel, `/blocks/${i}`, item);
      });
    } else if (file.rel.startsWith('templates/') && Array.isArray(v.regions)) {
      v.regions.forEach((r: { blocks?: unknown }, ri: number) => {
        if (Array.isArray(r?.blocks))
          r.blocks.forEach((b, i) => {
            if (isBlock(b)) visit(b, file.rel, `/regions/${ri}/blocks/${i}`, undefined);
          });
      });
    }
  }
}

const isBlock = (b: unknown): b is BlockInstance =>
  !!b && typeof b === 'object' && typeof (b as BlockInstance).type === 'string';

/** RFC 6901 escaping, plus "%" because the engine's parsePointer percent-decodes every segment. */
export const escapeSegment = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Visits every object of a value with its JSON Pointer. */
export function forEachObject(
  value: unknown,
  visit: (o: Record<string, unknown>, pointer: string) => void,
  pointer = '',
) {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      forEachObject(v, visit, `${pointer}/${i}`);
    });
  else if (value !== null && typeof value === 'object') {
    visit(value as Record<string, unknown>, pointer);
    for (const [k, v] of Object.entries(value)) forEachObject(v, visit, `${pointer}/${escapeSegment(k)}`);
  }
}

/**
 * `key` is the property a string sits under (the nearest object key above array indexes);
 * `pointer()` builds its JSON Pointer, only when asked (most strings are never reported).
 */
export type StringVisitor = (value: string, key: string | undefined, pointer: () => string) => void;

/** Visits every string inside a JSON value. */
export function forEachString(value: unknown, base: string, visit: StringVisitor) {
  const path: string[] = [];
  const pointer = () => base + path.map((s) => `/${escapeSegment(s)}`).join('');
  const walk = (v: unknown, key: string | undefined) => {
    if (typeof v === 'string') visit(v, key, pointer);
    else if (Array.isArray(v))
      for (let i = 0; i < v.length; i++) {
        path.push(String(i));
        walk(v[i], key);
        path.pop();
      }
    else if (v !== null && typeof v === 'object')
      for (const k in v) {
        path.push(k);
        walk((v as Record<string, unknown>)[k], k);
        path.pop();
      }
  };
  walk(value, undefined);
}
