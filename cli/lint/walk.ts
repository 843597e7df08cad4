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

/** A file's objects and strings in walk order; `at` indexes `segments`/`parents` (the pointer's path). */
interface FileNodes {
  objects: { value: Record<string, unknown>; at: number }[];
  strings: { value: string; key: string | undefined; at: number }[];
  segments: string[];
  parents: number[];
}

const walked = new WeakMap<JsonFile, FileNodes>();

/**
 * One walk of a file's value, kept with the file (an edit replaces the file) and shared by the
 * rules that visit every object or string of it; pointers are built only for what is reported.
 */
function nodesOf(file: JsonFile): FileNodes {
  const known = walked.get(file);
  if (known) return known;
  const nodes: FileNodes = { objects: [], strings: [], segments: [''], parents: [-1] };
  const { objects, strings, segments, parents } = nodes;
  const child = (v: unknown, parent: number, segment: string, key: string | undefined) => {
    if (typeof v !== 'string' && (v === null || typeof v !== 'object')) return;
    parents.push(parent);
    walk(v, segments.push(segment) - 1, key);
  };
  const walk = (v: unknown, at: number, key: string | undefined) => {
    if (typeof v === 'string') strings.push({ value: v, key, at });
    else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) child(v[i], at, String(i), key);
    else if (v !== null && typeof v === 'object') {
      objects.push({ value: v as Record<string, unknown>, at });
      for (const k in v) child((v as Record<string, unknown>)[k], at, k, k);
    }
  };
  if (file.value !== undefined) walk(file.value, 0, undefined);
  walked.set(file, nodes);
  return nodes;
}

function pointerOf({ segments, parents }: FileNodes, at: number): string {
  let pointer = '';
  for (let i = at; i > 0; i = parents[i]!) pointer = `/${escapeSegment(segments[i]!)}${pointer}`;
  return pointer;
}

/** Visits every object of a file's value (parents first), with its JSON Pointer built when asked. */
export function forEachObjectIn(file: JsonFile, visit: (o: Record<string, unknown>, pointer: () => string) => void) {
  const nodes = nodesOf(file);
  for (const { value, at } of nodes.objects) visit(value, () => pointerOf(nodes, at));
}

/** Visits every string of a file's value, as forEachString does from the root. */
export function forEachStringIn(file: JsonFile, visit: StringVisitor) {
  const nodes = nodesOf(file);
  for (const { value, key, at } of nodes.strings) visit(value, key, () => pointerOf(nodes, at));
}
