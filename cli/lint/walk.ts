/** Walkers shared by the rules: the blocks of a page or template, every object and string of a value. */
import type { BlockInstance, JsonFile } from '../../engine/lint.ts';
import type { LintContext } from './context.ts';

/** `at.item`: the collection item the block is checked with (reading it reads the route table). */
export type BlockVisitor = (block: BlockInstance, file: string, pointer: string, at: { item: unknown }) => void;

/**
 * The blocks of one page or template. A collection page's item-relative references are checked
 * against the first item using it (`item`, read from the route table only when asked).
 */
export function blocksOf(ctx: LintContext, file: JsonFile, visit: BlockVisitor) {
  const v = file.value as { blocks?: unknown; regions?: unknown } | undefined;
  if (!v || typeof v !== 'object') return;
  if (file.rel.startsWith('pages/') && Array.isArray(v.blocks)) {
    const page = file.rel.slice(6, -5);
    v.blocks.forEach((b, i) => {
      if (isBlock(b))
        visit(b, file.rel, `/blocks/${i}`, {
          get item() {
            return firstItems(ctx).get(page);
          },
        });
    });
  } else if (file.rel.startsWith('templates/') && Array.isArray(v.regions)) {
    v.regions.forEach((r: { blocks?: unknown }, ri: number) => {
      if (Array.isArray(r?.blocks))
        r.blocks.forEach((b, i) => {
          if (isBlock(b)) visit(b, file.rel, `/regions/${ri}/blocks/${i}`, { item: undefined });
        });
    });
  }
}

/** The first collection item of each page that has one. */
const firstItems = (ctx: LintContext) =>
  ctx.memo('first-items', () => {
    const itemOf = new Map<string, unknown>();
    for (const r of ctx.routes) if (r.item !== undefined && !itemOf.has(r.page)) itemOf.set(r.page, r.item);
    return itemOf;
  });

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
