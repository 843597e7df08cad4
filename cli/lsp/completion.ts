/**
 * Completion where the cursor is (jsonc-parser's getLocation): block types and their props, route
 * paths in links (link-keyed values, path-shaped strings in blocks and menus, links inside texts),
 * image paths under images/, form field names in dependsOn and hideWhen, and `$data` references.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getLocation, parse, type JSONPath, type Node as JsonNode } from 'jsonc-parser';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import type { Position, TextDocument } from 'vscode-languageserver-textdocument';
import { getAtPointer, kindOf, parsePointer } from '../../engine/node.ts';
import { linksIn } from '../lint/links.ts';
import { escapeSegment } from '../lint/walk.ts';
import { blockDocMarkdown, blockSchema, propMarkdown } from './docs.ts';
import type { Workspace } from './workspace.ts';

/** Where a completion goes: offsets of the text it replaces, what is typed before the cursor, inside quotes or not. */
interface Slot {
  start: number;
  end: number;
  prefix: string;
  quoted: boolean;
}

interface Candidate {
  name: string;
  kind: CompletionItemKind;
  detail?: string;
  doc?: string;
}

const IMAGE_KEY =
  /^(src|image|img|icon|logo|favicon|thumbnail|card|poster|photo|picture|avatar)$|[a-z](Src|Image|Icon|Logo|Thumbnail|Picture|Photo)$/;
/** Whether a string under this key is a link, by the linter's own test. */
const isLinkKey = (key: string | undefined) => linksIn('/', key, false).length > 0;

function slotAt(text: string, node: JsonNode | undefined, offset: number): Slot {
  // A value string, or the key being typed (getLocation gives it as a "property" node).
  if (node?.type === 'string' || node?.type === 'property') {
    const start = node.offset + 1;
    const closed = node.length >= 2 && text[node.offset + node.length - 1] === '"';
    const end = closed ? node.offset + node.length - 1 : node.offset + node.length;
    if (offset >= start && offset <= end) return { start, end, prefix: text.slice(start, offset), quoted: true };
  }
  return { start: offset, end: offset, prefix: '', quoted: false };
}

function getAt(value: unknown, path: JSONPath): unknown {
  let cur = value;
  for (const seg of path)
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
  return cur;
}

const keyOf = (path: JSONPath) => path.findLast((s): s is string => typeof s === 'string');

function routeCandidates(ws: Workspace): Candidate[] {
  const seen = new Map<string, string>();
  for (const r of ws.context().routes) if (r.path !== '*' && !r.dynamic && !seen.has(r.path)) seen.set(r.path, r.title);
  return [...seen].map(([name, title]) => ({ name, kind: CompletionItemKind.Reference, detail: title }));
}

function imageCandidates(ws: Workspace): Candidate[] {
  const out: Candidate[] = [];
  const walk = (dir: string, url: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries)
      if (e.isDirectory()) walk(join(dir, e.name), `${url}/${e.name}`);
      else out.push({ name: `${url}/${e.name}`, kind: CompletionItemKind.File });
  };
  walk(join(ws.dir, 'images'), '/images');
  return out;
}

/** Routes or images for a link: a link inside a text, an image-keyed or link-keyed value, a bare path. */
function linkCandidates(ws: Workspace, rel: string, path: JSONPath, slot: Slot): [Slot, Candidate[]] | undefined {
  const inText = /(!?)\[[^\]]*\]\(\s*(\/[^)\s]*)$|\b(href|src)\s*=\s*\\?["'](\/[^"'\\]*)$/.exec(slot.prefix);
  if (inText) {
    const url = inText[2] ?? inText[4]!;
    const at = { ...slot, start: slot.start + slot.prefix.length - url.length, prefix: url };
    at.end = at.start + url.length;
    return [at, inText[1] || inText[3] === 'src' ? imageCandidates(ws) : routeCandidates(ws)];
  }
  const key = keyOf(path);
  if ((key && IMAGE_KEY.test(key)) || slot.prefix.startsWith('/images')) return [slot, imageCandidates(ws)];
  const kind = kindOf(rel);
  const anyPath = kind === 'page' || kind === 'template' || kind === 'menu';
  if (isLinkKey(key) || (anyPath && slot.prefix.startsWith('/'))) return [slot, routeCandidates(ws)];
  return undefined;
}

/** A schema description's first sentence, for a completion list's one-line detail. */
const firstSentence = (text: string | undefined) => text?.split(/(?<=\.)\s/)[0];

function blockTypeCandidates(ws: Workspace): Candidate[] {
  return [...ws.context().blockTypes].sort().map((t) => ({
    name: t,
    kind: CompletionItemKind.Class,
    detail: firstSentence(blockSchema(t)?.description),
    doc: blockDocMarkdown(t),
  }));
}

/** Props of the block whose `props` object holds the cursor, but those already written. */
function propCandidates(value: unknown, path: JSONPath): Candidate[] {
  const block = getAt(value, path.slice(0, -2)) as { type?: unknown } | undefined;
  const schema = typeof block?.type === 'string' ? blockSchema(block.type) : undefined;
  const written = getAt(value, path.slice(0, -1));
  const have = new Set(written && typeof written === 'object' ? Object.keys(written) : []);
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {})
    .filter(([k]) => !have.has(k) || k === path.at(-1))
    .map(([k, p]) => ({ name: k, kind: CompletionItemKind.Property, doc: propMarkdown(k, p, required.has(k)) }));
}

interface FieldDef {
  name?: unknown;
  type?: unknown;
  label?: unknown;
  fields?: unknown;
}

/** Field names of the form (steps and groups flattened, groups left out: they hold no value), but `self`. */
function fieldCandidates(form: unknown, self: unknown): Candidate[] {
  const out: Candidate[] = [];
  const collect = (fields: unknown) => {
    if (!Array.isArray(fields)) return;
    for (const f of fields as FieldDef[]) {
      if (!f || typeof f !== 'object') continue;
      if (f.type === 'group') collect(f.fields);
      else if (typeof f.name === 'string' && f.name !== self)
        out.push({
          name: f.name,
          kind: CompletionItemKind.Field,
          detail: [typeof f.type === 'string' ? f.type : 'field', typeof f.label === 'string' ? f.label : '']
            .filter(Boolean)
            .join(': '),
        });
    }
  };
  const v = form as { steps?: { fields?: unknown }[]; fields?: unknown } | undefined;
  if (Array.isArray(v?.steps)) for (const s of v.steps) collect(s?.fields);
  else collect(v?.fields);
  return out;
}

function summarize(v: unknown): string {
  if (Array.isArray(v)) return `array (${v.length})`;
  if (v !== null && typeof v === 'object') return 'object';
  const s = JSON.stringify(v) ?? '';
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function childrenOf(v: unknown): [string, unknown][] {
  if (Array.isArray(v)) return v.slice(0, 100).map((x, i) => [String(i), x]);
  if (v !== null && typeof v === 'object') return Object.entries(v);
  return [];
}

const refSegment = (k: string) => escapeSegment(k).replace(/%/g, '%25');

/** The collection item a page's item-relative references ("#/title") resolve against (its first route's). */
function itemOf(ws: Workspace, rel: string): unknown {
  if (!rel.startsWith('pages/')) return undefined;
  const page = rel.slice(6, -5);
  return ws.context().routes.find((r) => r.page === page && r.item !== undefined)?.item;
}

/**
 * `$data` references: with no `#` typed, each file and its top-level keys (and the collection
 * item's keys on a collection page); after `file#/a/`, the children of /a in that file.
 */
function dataRefCandidates(ws: Workspace, rel: string, prefix: string): Candidate[] {
  const out: Candidate[] = [];
  const add = (file: string, pointer: string, root: unknown) => {
    let at: unknown;
    try {
      at = getAtPointer(root, parsePointer(`#${pointer}`));
    } catch {
      return;
    }
    for (const [k, v] of childrenOf(at))
      if (k !== '$schema')
        out.push({ name: `${file}#${pointer}/${refSegment(k)}`, kind: CompletionItemKind.Value, detail: summarize(v) });
  };
  const hash = prefix.indexOf('#');
  if (hash < 0) {
    for (const [file, f] of ws.site.files) {
      if (f.value === undefined) continue;
      out.push({ name: file, kind: CompletionItemKind.File, detail: summarize(f.value) });
      add(file, '', f.value);
    }
    add('', '', itemOf(ws, rel));
    return out;
  }
  const file = prefix.slice(0, hash);
  const pointer = prefix.slice(hash + 1);
  add(
    file,
    pointer.slice(0, Math.max(0, pointer.lastIndexOf('/'))),
    file ? ws.site.files.get(file)?.value : itemOf(ws, rel),
  );
  return out;
}

function candidatesAt(ws: Workspace, rel: string, text: string, offset: number): [Slot, Candidate[]] | undefined {
  const loc = getLocation(text, offset);
  const slot = slotAt(text, loc.previousNode, offset);
  const path = loc.path;
  const last = path.at(-1);
  const kind = kindOf(rel);
  // The buffer may be half typed: read it leniently.
  const value = () => parse(text, [], { allowTrailingComma: true });
  if (loc.isAtPropertyKey)
    return path.at(-2) === 'props' && path.at(-4) === 'blocks' ? [slot, propCandidates(value(), path)] : undefined;
  if ((kind === 'page' || kind === 'template') && last === 'type' && path.at(-3) === 'blocks')
    return [slot, blockTypeCandidates(ws)];
  if (kind === 'form' && (last === 'dependsOn' || (last === 'field' && path.at(-2) === 'hideWhen'))) {
    const v = value();
    const self = getAt(v, path.slice(0, last === 'dependsOn' ? -1 : -2)) as FieldDef | undefined;
    return [slot, fieldCandidates(v, self?.name)];
  }
  if (last === '$data') return [slot, dataRefCandidates(ws, rel, slot.prefix)];
  return slot.quoted ? linkCandidates(ws, rel, path, slot) : undefined;
}

export function completions(ws: Workspace, rel: string, doc: TextDocument, pos: Position): CompletionItem[] {
  const found = candidatesAt(ws, rel, doc.getText(), doc.offsetAt(pos));
  if (!found) return [];
  const [slot, candidates] = found;
  const range = { start: doc.positionAt(slot.start), end: doc.positionAt(slot.end) };
  return candidates.map((c) => ({
    label: c.name,
    kind: c.kind,
    ...(c.detail && { detail: c.detail }),
    ...(c.doc && { documentation: { kind: 'markdown', value: c.doc } }),
    filterText: slot.quoted ? c.name : JSON.stringify(c.name),
    textEdit: { range, newText: slot.quoted ? c.name : JSON.stringify(c.name) },
  }));
}
