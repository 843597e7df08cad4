/**
 * MiniSearch's options for the word index: the build makes the index with them and the browser
 * loads it with the same ones (a loaded index must be read as it was made).
 */
import MiniSearch, { type Options } from 'minisearch';
import { searchTerm, skuTerm } from './terms.ts';
import type { SearchDoc } from './types.ts';

export const TEXT_FIELDS = ['name', 'title', 'tags', 'description'] as const;

export const defaultTokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

export const INDEX_OPTIONS: Options<SearchDoc> = {
  fields: [...TEXT_FIELDS, 'sku'],
  // Lists (tags, SKUs) are stringified with commas: a SKU is one term, tags are split into words.
  tokenize: (text, field) => (field === 'sku' ? text.split(',') : defaultTokenize(text)),
  processTerm: (term, field) => (field === 'sku' ? skuTerm(term) : searchTerm(term)),
};
