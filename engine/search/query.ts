/**
 * Answers a query against a search index. Framework-free and allocation-light, so suggestions
 * can be computed on every keystroke (well under a millisecond over 1,000 styles).
 *
 * Ranking, best first: an exact SKU or name; a name or SKU that starts with the query; the name
 * contains it; the title; the description; a SKU contains it; every word of the query appears
 * somewhere. Ties: a match at the start of a word first, styles before pages, the earlier
 * match, then index order.
 */
import { SKU_SEPARATOR } from './separators.ts';
import { isSearchable } from './messages.ts';
import { normalizeSearchText } from './normalize.ts';
import type { IndexedDoc, MatchField, SearchHit, SearchIndex } from './types.ts';

const TIER_FIELD: MatchField[] = ['sku', 'name', 'name', 'title', 'description', 'sku', 'words'];
const TIER = 1_000_000;
const PAGE_PENALTY = 400_000;
const INNER_WORD_PENALTY = 200_000;
const MAX_POS = 199_999;

const SKU_CODE = SKU_SEPARATOR.charCodeAt(0);
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c > 127;

/** Whether `q` starts a SKU in the SKU part of `t` (from `from`): 0 the whole SKU, 1 a prefix, -1 neither. */
function skuMatch(t: string, q: string, from: number): 0 | 1 | -1 {
  let p = t.indexOf(q, from);
  while (p !== -1) {
    if (p === from || t.charCodeAt(p - 1) === SKU_CODE) {
      const end = p + q.length;
      return end === t.length || t.charCodeAt(end) === SKU_CODE ? 0 : 1;
    }
    p = t.indexOf(q, p + 1);
  }
  return -1;
}

/** Score of one document for a normalised query (lower is better), or -1 when it does not match. */
function scoreDoc(doc: IndexedDoc, q: string, words: string[] | null): number {
  const t = doc.text;
  const [ti, di, si] = doc.at;
  const pos = t.indexOf(q);
  let tier: number;
  let inField = 0;
  if (pos === -1) {
    if (!words) return -1;
    for (const w of words) if (t.indexOf(w) === -1) return -1;
    tier = 6;
  } else {
    if (pos < ti) {
      tier = pos === 0 ? (q.length === ti - 1 ? 0 : 1) : 2;
      inField = pos;
    } else if (pos < di) {
      tier = 3;
      inField = pos - ti;
    } else if (pos < si) {
      tier = 4;
      inField = pos - di;
    } else tier = 5;
    if (tier > 0 && si < t.length) {
      const s = skuMatch(t, q, si);
      if (s !== -1 && s < tier) {
        tier = s;
        inField = 0;
      }
    }
  }
  let score = tier * TIER + Math.min(inField, MAX_POS);
  if (tier !== 6 && pos > 0 && inField > 0 && isWordChar(t.charCodeAt(pos - 1))) score += INNER_WORD_PENALTY;
  if (doc.kind === 'page') score += PAGE_PENALTY;
  return score;
}

/**
 * Hits for `text`, best first, at most `limit` (Infinity for all). Text shorter than
 * SEARCH_MIN_LENGTH once trimmed finds nothing.
 */
export function querySearch(index: SearchIndex, text: string, limit = 10): SearchHit[] {
  if (!isSearchable(text) || !(limit > 0)) return [];
  const q = normalizeSearchText(text);
  const words = q.includes(' ') ? q.split(' ') : null;
  const docs = index.docs;
  const found: number[] = [];
  const scores = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const s = scoreDoc(docs[i]!, q, words);
    if (s >= 0) {
      found.push(i);
      scores[i] = s;
    }
  }
  found.sort((a, b) => scores[a]! - scores[b]! || a - b);
  const n = Math.min(found.length, limit);
  const hits: SearchHit[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const i = found[k]!;
    const d = docs[i]!;
    const score = scores[i]!;
    const hit: SearchHit = {
      id: d.id,
      url: d.url,
      kind: d.kind,
      name: d.name,
      title: d.title,
      description: d.description,
      field: TIER_FIELD[Math.floor(score / TIER)]!,
      score,
    };
    if (d.sku) hit.sku = d.sku;
    hits[k] = hit;
  }
  return hits;
}
