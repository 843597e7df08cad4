import { describe, expect, it } from 'vitest';
import {
  applyQuery,
  filterDefs,
  type ListingEntry,
  humanize,
  pageCount,
  pageWindow,
  queryString,
  readQuery,
  visibleRange,
} from './listing-state.ts';

const items: ListingEntry[] = [
  { title: 'Carlton', date: '2022-05-09', facets: { doorStyle: ['Shaker'], finishType: ['Painted', 'Stained'] } },
  { title: 'aspen White', date: '2021-03-15', facets: { doorStyle: ['Shaker'], finishType: ['Painted'] } },
  { title: 'Greenwich', date: '2019-10-21', facets: { doorStyle: ['Raised panel'], finishType: ['Stained'] } },
  { title: 'Undated', facets: { doorStyle: ['Slab'] } },
];

describe('listing filters', () => {
  it('offers every facet of the items with its values and counts, labels in words', () => {
    expect(filterDefs(items)).toEqual([
      {
        name: 'doorStyle',
        label: 'Door style',
        options: [
          { label: 'Raised panel', param: 'raised-panel', count: 1 },
          { label: 'Shaker', param: 'shaker', count: 2 },
          { label: 'Slab', param: 'slab', count: 1 },
        ],
      },
      {
        name: 'finishType',
        label: 'Finish type',
        options: [
          { label: 'Painted', param: 'painted', count: 2 },
          { label: 'Stained', param: 'stained', count: 2 },
        ],
      },
    ]);
    expect(filterDefs(items, ['finishType'], { finishType: 'Finish' }).map((f) => f.label)).toEqual(['Finish']);
    // one value only: nothing to choose
    expect(filterDefs([{ title: 'a', facets: { material: ['Maple'] } }])).toEqual([]);
    expect(humanize('colorFamily')).toBe('Color family');
  });

  it("orders a filter's values as the 'en' collation does, plain labels and others alike", () => {
    for (const values of [
      ['shaker B', 'Shaker b', 'Shaker', '30 in', '9 in', 'Slab-2', 'slab 2', 'Slab', 'white', 'White', 'a-b', 'ab'],
      ['Émail', 'Ember', 'ecru', 'Zinc', 'Ébène'],
    ]) {
      const defs = filterDefs(values.map((v) => ({ title: v, facets: { color: [v] } })));
      expect(defs[0]!.options.map((o) => o.label)).toEqual([...values].sort(new Intl.Collator('en').compare));
    }
  });

  it('reads page, sort and repeated filter parameters; ignores what it does not know', () => {
    const defs = filterDefs(items);
    const q = readQuery(
      new URLSearchParams('doorStyle=shaker&doorStyle=Raised+panel&finishType=stained&sort=newest&page=2&colour=red'),
      defs,
      ['a-z', 'newest'],
    );
    expect(q).toEqual({
      page: 2,
      sort: 'newest',
      filters: { doorStyle: ['shaker', 'raised-panel'], finishType: ['stained'] },
    });
    expect(readQuery(new URLSearchParams('page=-3&sort=cheapest'), defs, ['a-z'])).toEqual({ page: 1, filters: {} });
    expect(readQuery(new URLSearchParams('page=abc'), defs, []).page).toBe(1);
  });

  it('ors values within a filter and ands filters', () => {
    const titles = (f: Record<string, string[]>) => applyQuery(items, { filters: f }).map((i) => i.title);
    expect(titles({ doorStyle: ['shaker', 'raised-panel'] })).toEqual(['Carlton', 'aspen White', 'Greenwich']);
    expect(titles({ doorStyle: ['shaker'], finishType: ['stained'] })).toEqual(['Carlton']);
    expect(titles({ doorStyle: ['slab'], finishType: ['painted'] })).toEqual([]);
    expect(titles({})).toEqual(['Carlton', 'aspen White', 'Greenwich', 'Undated']);
  });

  it('sorts a-z, z-a (case-insensitive), newest and oldest (undated last), without changing the input', () => {
    const sorted = (sort: 'a-z' | 'z-a' | 'newest' | 'oldest') =>
      applyQuery(items, { sort, filters: {} }).map((i) => i.title);
    expect(sorted('a-z')).toEqual(['aspen White', 'Carlton', 'Greenwich', 'Undated']);
    expect(sorted('z-a')).toEqual(['Undated', 'Greenwich', 'Carlton', 'aspen White']);
    expect(sorted('newest')).toEqual(['Carlton', 'aspen White', 'Greenwich', 'Undated']);
    expect(sorted('oldest')).toEqual(['Greenwich', 'aspen White', 'Carlton', 'Undated']);
    expect(items[0]!.title).toBe('Carlton');
  });
});

describe('listing pages', () => {
  it('counts pages and picks the visible range for each pagination type', () => {
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(13, 6)).toBe(3);
    expect(visibleRange(13, 6, 2, 'page-numbers')).toEqual({ page: 2, start: 6, end: 12 });
    expect(visibleRange(13, 6, 3, 'page-numbers')).toEqual({ page: 3, start: 12, end: 13 });
    expect(visibleRange(13, 6, 2, 'load-more')).toEqual({ page: 2, start: 0, end: 12 });
    expect(visibleRange(13, 6, 9, 'infinite-scroll')).toEqual({ page: 3, start: 0, end: 13 });
    expect(visibleRange(0, 6, 4, 'page-numbers')).toEqual({ page: 1, start: 0, end: 0 });
  });

  it('windows long page lists and keeps other parameters in page links', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageWindow(2, 12)).toEqual([1, 2, 3, null, 12]);
    const base = new URLSearchParams('doorStyle=shaker&doorStyle=slab&page=3');
    expect(queryString(base, { page: '2' })).toBe('?doorStyle=shaker&doorStyle=slab&page=2');
    expect(queryString(new URLSearchParams('page=2'), { page: null })).toBe('');
  });
});
