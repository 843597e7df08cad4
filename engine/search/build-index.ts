/**
 * Builds the search index file from documents (catalogue styles and pages) at build time: the
 * documents (ids checked, empty lists left out) and MiniSearch's word index over them, which the
 * browser loads as it is (query.ts).
 */
import MiniSearch from 'minisearch';
import type { SearchDoc, SearchIndex } from './types.ts';
import { INDEX_OPTIONS } from './words.ts';

export function buildSearchIndex(docs: readonly SearchDoc[]): SearchIndex {
  const seen = new Set<string>();
  const out: SearchDoc[] = [];
  for (const d of docs) {
    if (seen.has(d.id)) throw new Error(`search index: duplicate document id "${d.id}"`);
    seen.add(d.id);
    const doc: SearchDoc = {
      id: d.id,
      url: d.url,
      kind: d.kind,
      name: d.name,
      title: d.title,
      description: d.description,
    };
    const tags = d.tags?.filter(Boolean);
    if (tags?.length) doc.tags = tags;
    if (d.sku?.length) doc.sku = [...d.sku];
    out.push(doc);
  }
  const words = new MiniSearch<SearchDoc>(INDEX_OPTIONS);
  words.addAll(out);
  return { version: 3, docs: out, words: words.toJSON() };
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
