/**
 * Builds the search index from documents (catalogue styles and pages). Pure and framework-free:
 * runs at build time in Node; the result is written as JSON and loaded by the browser.
 */
import { normalizeSearchText } from './normalize.ts';
import { FIELD_SEPARATOR, SKU_SEPARATOR } from './separators.ts';
import type { IndexedDoc, SearchDoc, SearchIndex } from './types.ts';

const DISPLAY_DESCRIPTION_LENGTH = 160;

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const at = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, at > max / 2 ? at : max - 1).replace(/[\s,.;:]+$/, '')}…`;
}

export function buildSearchIndex(docs: readonly SearchDoc[]): SearchIndex {
  const seen = new Set<string>();
  const out: IndexedDoc[] = [];
  for (const d of docs) {
    if (seen.has(d.id)) throw new Error(`search index: duplicate document id "${d.id}"`);
    seen.add(d.id);
    const name = normalizeSearchText(d.name);
    const title = normalizeSearchText(d.title);
    const description = normalizeSearchText(d.description);
    const skus = (d.sku ?? []).map(normalizeSearchText).filter(Boolean);
    const t = name.length + 1;
    const desc = t + title.length + 1;
    const sku = desc + description.length + 1;
    const doc: IndexedDoc = {
      id: d.id,
      url: d.url,
      kind: d.kind,
      name: d.name,
      title: d.title,
      description: cut(d.description, DISPLAY_DESCRIPTION_LENGTH),
      text: [name, title, description, skus.join(SKU_SEPARATOR)].join(FIELD_SEPARATOR),
      at: [t, desc, sku],
    };
    if (d.sku?.length) doc.sku = [...d.sku];
    out.push(doc);
  }
  return { version: 1, docs: out };
}

/** Concatenates document lists, keeping the first document for each URL (styles before pages). */
export function mergeSearchDocs(...lists: readonly (readonly SearchDoc[])[]): SearchDoc[] {
  const urls = new Set<string>();
  const out: SearchDoc[] = [];
  for (const list of lists)
    for (const d of list) {
      if (urls.has(d.url)) continue;
      urls.add(d.url);
      out.push(d);
    }
  return out;
}
