/**
 * Answers queries against a search index, with MiniSearch (a word index with BM25 ranking,
 * prefix and typo-tolerant lookup, about 7 kB gzip), loaded only when a shopper searches.
 *
 * Ranking, best first:
 * 1. A one-word query that is a SKU or style code, or the start of one: the style it belongs to
 *    (a whole SKU before a SKU's start).
 * 2. Documents that hold every word of the query (filler words aside). A word matches a word of
 *    the document exactly, as its start, or with typos (one edit from 4 letters, two from 8).
 *    Each word gets MiniSearch's BM25 score, weighted by the field it matched (name, then title
 *    and tags, then description) and by how it matched (exact, then start, then typo); a
 *    document's score is the product of its word scores, so every word counts: a word found
 *    only in a long description is not made up for by another in the name. Pages count half.
 * Ties keep index order (styles before pages).
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import { isSearchable } from './messages.ts';
import { searchTerm, skuTerm, typoEdits } from './terms.ts';
import type { MatchField, SearchDoc, SearchFn, SearchHit, SearchIndex } from './types.ts';
import { defaultTokenize, INDEX_OPTIONS, TEXT_FIELDS } from './words.ts';
/** The best field first (title and tags weigh the same; the title wins a tie). */
const FIELD_ORDER: readonly MatchField[] = ['sku', ...TEXT_FIELDS];
const BOOST = { name: 6, title: 3, tags: 3, description: 0.5 };
const PAGE_WEIGHT = 0.5;
const DISPLAY_DESCRIPTION_LENGTH = 160;

/** One word, already in indexed form, in the text fields. */
const WORD_SEARCH: SearchOptions = {
  fields: [...TEXT_FIELDS],
  boost: BOOST,
  prefix: true,
  fuzzy: (term) => typoEdits(term),
  tokenize: (text) => [text],
  processTerm: (term) => term,
};

/** A whole SKU or its start, in the SKU field. */
const SKU_SEARCH: SearchOptions = {
  fields: ['sku'],
  prefix: true,
  fuzzy: false,
  tokenize: (text) => [text],
  processTerm: skuTerm,
};

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const at = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, at > max / 2 ? at : max - 1).replace(/[\s,.;:]+$/, '')}…`;
}

/** The best field among the fields a result matched in. */
function bestField(match: Record<string, string[]>, than?: MatchField): MatchField {
  let best = than ? FIELD_ORDER.indexOf(than) : FIELD_ORDER.length - 1;
  for (const fields of Object.values(match))
    for (const f of fields) best = Math.min(best, FIELD_ORDER.indexOf(f as MatchField));
  return FIELD_ORDER[best]!;
}

/** Loads the word index of a search index file and returns its query function. */
export function openSearch(index: SearchIndex): SearchFn {
  if (index.version !== 3) throw new Error(`search index: unsupported version ${String(index.version)}`);
  const words = MiniSearch.loadJS<SearchDoc>(index.words, INDEX_OPTIONS);
  const byId = new Map(index.docs.map((d, i) => [d.id, { doc: d, at: i }]));

  const hit = (id: string, field: MatchField): SearchHit => {
    const d = byId.get(id)!.doc;
    const h: SearchHit = {
      id: d.id,
      url: d.url,
      kind: d.kind,
      name: d.name,
      title: d.title,
      description: cut(d.description, DISPLAY_DESCRIPTION_LENGTH),
      field,
    };
    if (d.sku) h.sku = d.sku;
    return h;
  };

  return (text, limit = 10) => {
    if (!isSearchable(text) || !(limit > 0)) return [];
    const trimmed = text.trim();
    const out: SearchHit[] = [];
    const seen = new Set<string>();
    if (!/\s/.test(trimmed))
      for (const r of words.search(trimmed, SKU_SEARCH)) {
        seen.add(r.id);
        out.push(hit(r.id, 'sku'));
      }

    const terms = [
      ...new Set(
        defaultTokenize(trimmed)
          .map(searchTerm)
          .filter((t): t is string => !!t),
      ),
    ];
    let scored: Map<string, { score: number; field: MatchField }> | undefined;
    for (const term of terms) {
      const next = new Map<string, { score: number; field: MatchField }>();
      for (const r of words.search(term, WORD_SEARCH)) {
        const prev = scored?.get(r.id);
        if (scored && !prev) continue;
        next.set(r.id, { score: (prev?.score ?? 1) * r.score, field: bestField(r.match, prev?.field) });
      }
      scored = next;
      if (!next.size) break;
    }
    const ranked = [...(scored ?? [])]
      .filter(([id]) => !seen.has(id))
      .map(([id, s]) => ({
        id,
        field: s.field,
        score: s.score * (byId.get(id)!.doc.kind === 'page' ? PAGE_WEIGHT : 1),
      }))
      .sort((a, b) => b.score - a.score || byId.get(a.id)!.at - byId.get(b.id)!.at);
    for (const r of ranked) {
      if (out.length >= limit) break;
      out.push(hit(r.id, r.field));
    }
    return out.slice(0, limit);
  };
}

const opened = new WeakMap<SearchIndex, SearchFn>();

/**
 * Hits for `text`, best first, at most `limit` (Infinity for all). Text shorter than
 * SEARCH_MIN_LENGTH once trimmed finds nothing. The index is opened once per index object.
 */
export function querySearch(index: SearchIndex, text: string, limit = 10): SearchHit[] {
  let search = opened.get(index);
  if (!search) {
    search = openSearch(index);
    opened.set(index, search);
  }
  return search(text, limit);
}
