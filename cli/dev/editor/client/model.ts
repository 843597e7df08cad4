/**
 * The editor's model: the open files' values, the blocks in them (page and layout), the page data
 * the preview renders from them (references resolved by the server, schema defaults filled in
 * here), block labels, and lint findings mapped onto form fields.
 */
import { schemaDefaults, withDefaults, type Defaults } from '../../../../engine/blocks/defaults.ts';
import type { BlockInstance, BlockNode, Finding, PageData, RegionNode } from '../../../../engine/types.ts';

export interface OpenFile {
  text: string;
  value: unknown;
  hash: string;
}

export interface Opened {
  route: { path: string; item?: unknown; pointer?: string };
  page: string;
  template: string;
  files: Record<string, OpenFile>;
  pageData: PageData;
  refs: ResolvedRefs;
}

export type ResolvedRefs = Record<string, { value: unknown } | { error: string }>;

export interface BlockType {
  schema: Schema;
  example: { type: string; props?: Record<string, unknown> };
}

export type Schema = { [k: string]: unknown };

/** The editable values, by file. */
export type Docs = Record<string, unknown>;

export interface PageValue {
  template?: string;
  blocks: BlockInstance[];
}
export interface TemplateValue {
  regions: { name: string; tag?: RegionNode['tag']; slot?: 'page'; blocks?: BlockInstance[] }[];
}

/** One list of blocks the editor shows: the page's, or a layout region's. */
export interface BlockList {
  name: string;
  file: string;
  /** JSON Pointer of the array in its file. */
  pointer: string;
  blocks: BlockInstance[];
}

export const blockKey = (file: string, pointer: string) => `${file}#${pointer}`;

export function blockLists(opened: Opened, docs: Docs): BlockList[] {
  const template = docs[opened.template] as TemplateValue | undefined;
  const page = docs[opened.page] as PageValue;
  return (template?.regions ?? []).map((r, i) =>
    r.slot === 'page'
      ? { name: r.name, file: opened.page, pointer: '/blocks', blocks: page.blocks ?? [] }
      : { name: r.name, file: opened.template, pointer: `/regions/${i}/blocks`, blocks: r.blocks ?? [] },
  );
}

export function isRef(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && ('$data' in v || '$query' in v);
}

/** The value with each `$data`/`$query` replaced by what the server resolved it to. */
export function resolveRefs(value: unknown, refs: ResolvedRefs): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, refs));
  if (value === null || typeof value !== 'object') return value;
  if (isRef(value)) {
    const r = refs[JSON.stringify(value)];
    return r && 'value' in r ? r.value : undefined;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, refs)]));
}

export function defaultsByType(types: Record<string, BlockType>): Record<string, Defaults | undefined> {
  return Object.fromEntries(Object.entries(types).map(([t, b]) => [t, schemaDefaults(b.schema)]));
}

/** The page data for the preview: the server's, with every region's blocks as edited. */
// A block unchanged since the last render keeps its node (edits copy only the path they change),
// so the preview re-renders only the blocks an edit touched.
const nodeCache = new WeakMap<ResolvedRefs, WeakMap<BlockInstance, Map<string, BlockNode>>>();

function nodeOf(b: BlockInstance, key: string, refs: ResolvedRefs, defaults: Record<string, Defaults | undefined>) {
  let byBlock = nodeCache.get(refs);
  if (!byBlock) {
    byBlock = new WeakMap();
    nodeCache.set(refs, byBlock);
  }
  let byKey = byBlock.get(b);
  if (!byKey) {
    byKey = new Map();
    byBlock.set(b, byKey);
  }
  let node = byKey.get(key);
  if (!node) {
    node = {
      key,
      type: b.type,
      props: withDefaults(resolveRefs(b.props ?? {}, refs) as Record<string, unknown>, defaults[b.type]),
      ...(b.visibleOn && { visibleOn: b.visibleOn }),
    };
    byKey.set(key, node);
  }
  return node;
}

export function previewData(
  opened: Opened,
  docs: Docs,
  refs: ResolvedRefs,
  defaults: Record<string, Defaults | undefined>,
): PageData {
  const lists = blockLists(opened, docs);
  const regions: RegionNode[] = lists.map((list, i) => {
    const r = (docs[opened.template] as TemplateValue).regions[i]!;
    const blocks = list.blocks.map((b, j) => nodeOf(b, blockKey(list.file, `${list.pointer}/${j}`), refs, defaults));
    return { name: r.name, tag: r.tag ?? (r.slot === 'page' ? 'main' : 'div'), blocks };
  });
  return { ...opened.pageData, regions, blockTypes: [...new Set(regions.flatMap((r) => r.blocks.map((b) => b.type)))] };
}

const LABEL_KEYS = ['title', 'heading', 'name', 'label', 'question', 'text', 'eyebrow'];

/** A short label for a block, from its first text-like prop (or its first list item's). */
export function blockLabel(props: Record<string, unknown> | undefined, depth = 0): string {
  if (!props) return '';
  for (const k of LABEL_KEYS) {
    const v = props[k];
    if (typeof v === 'string' && v.trim()) return v.length > 48 ? `${v.slice(0, 47)}…` : v;
  }
  if (depth > 1) return '';
  for (const v of Object.values(props))
    if (Array.isArray(v) && v[0] && typeof v[0] === 'object') {
      const label = blockLabel(v[0] as Record<string, unknown>, depth + 1);
      if (label) return label;
    }
  return '';
}

const unescapePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a JSON Pointer. */
export function getAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const seg of pointer.split('/').slice(1))
    node = (node as Record<string, unknown> | undefined)?.[unescapePointer(seg)];
  return node;
}

/** A copy of `root` with the value at `pointer` replaced (undefined removes a key). */
export function setAt(root: unknown, pointer: string, value: unknown): unknown {
  const segs = pointer.split('/').slice(1).map(unescapePointer);
  const go = (node: unknown, i: number): unknown => {
    if (i === segs.length) return value;
    const seg = segs[i]!;
    if (Array.isArray(node)) {
      const out = [...node];
      out[Number(seg)] = go(node[Number(seg)], i + 1);
      return out;
    }
    const out = { ...(node as Record<string, unknown>) };
    const next = go(out[seg], i + 1);
    if (next === undefined) delete out[seg];
    else out[seg] = next;
    return out;
  };
  return go(root, 0);
}

/** Removes what a form leaves behind for an emptied field (undefined values). */
export function pruneUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneUndefined);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, pruneUndefined(v)]),
  );
}

export type ErrorTree = { __errors?: string[]; [k: string]: ErrorTree | string[] | undefined };

/** The findings under a value (by its file and pointer) as a form's error tree. */
export function errorTree(findings: Finding[], file: string, base: string): ErrorTree {
  const tree: ErrorTree = {};
  for (const f of findings) {
    if (f.file !== file || !(f.pointer === base || f.pointer.startsWith(`${base}/`))) continue;
    let node = tree;
    for (const seg of f.pointer.slice(base.length).split('/').filter(Boolean).map(unescapePointer)) {
      node[seg] ??= {};
      node = node[seg] as ErrorTree;
    }
    node.__errors = [...(node.__errors ?? []), f.message];
  }
  return tree;
}
