/** What goes into the search index, and what comes out of a query. */
export type SearchDocKind = 'style' | 'page';

export interface SearchDoc {
  id: string;
  url: string;
  kind: SearchDocKind;
  name: string;
  title: string;
  description: string;
  /** Sample SKUs (or product codes) that find this document. */
  sku?: string[];
}

/** One document in the index: display fields plus its normalised search text. */
export interface IndexedDoc {
  id: string;
  url: string;
  kind: SearchDocKind;
  name: string;
  title: string;
  /** For display: the description cut at DISPLAY_DESCRIPTION_LENGTH characters. */
  description: string;
  sku?: string[];
  /**
   * Normalised text searched by a query: name, title, description and the SKUs, separated by
   * FIELD_SEPARATOR (SKUs by SKU_SEPARATOR), so a phrase never matches across two fields.
   */
  text: string;
  /** Offsets in `text` where the title, the description and the SKUs begin. */
  at: [title: number, description: number, sku: number];
}

/** A JSON-serialisable search index (built at build time, loaded by the browser on demand). */
export interface SearchIndex {
  version: 1;
  docs: IndexedDoc[];
}

export type MatchField = 'sku' | 'name' | 'title' | 'description' | 'words';

export interface SearchHit {
  id: string;
  url: string;
  kind: SearchDocKind;
  name: string;
  title: string;
  description: string;
  sku?: string[];
  /** Where the query matched best: a SKU, the name, the title, the description, or (words) all its words across fields. */
  field: MatchField;
  /** Rank score: lower is better. */
  score: number;
}
