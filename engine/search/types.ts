/** What goes into the search index, and what comes out of a query. */
import type { AsPlainObject } from 'minisearch';

export type SearchDocKind = 'style' | 'page';

export interface SearchDoc {
  id: string;
  url: string;
  kind: SearchDocKind;
  name: string;
  title: string;
  description: string;
  /** What the document is besides its name: a style's facet values and the finishes of its samples. */
  tags?: string[];
  /** Sample SKUs (or product codes) that find this document. */
  sku?: string[];
}

/**
 * The search index file, made at build time: the documents (checked and trimmed) and MiniSearch's
 * word index over them, which the browser loads as it is instead of indexing the documents.
 */
export interface SearchIndex {
  version: 3;
  docs: SearchDoc[];
  /** MiniSearch's serialised index (`toJSON()`), made with `INDEX_OPTIONS` (words.ts). */
  words: AsPlainObject;
}

/** The field a hit matched best in: a SKU, the name, the title, its tags or the description. */
export type MatchField = 'sku' | 'name' | 'title' | 'tags' | 'description';

export interface SearchHit {
  id: string;
  url: string;
  kind: SearchDocKind;
  name: string;
  title: string;
  /** For display: the description shortened to about 160 characters. */
  description: string;
  sku?: string[];
  field: MatchField;
}

/** Hits for a text, best first, at most `limit` (default 10; Infinity for all). */
export type SearchFn = (text: string, limit?: number) => SearchHit[];
