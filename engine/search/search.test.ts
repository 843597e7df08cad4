import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../types.ts';
import {
  buildSearchIndex,
  mergeSearchDocs,
  openSearch,
  querySearch,
  routeSearchDocs,
  searchMessage,
  SEARCH_MIN_LENGTH,
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  type SearchDoc,
  type SearchIndex,
} from './index.ts';

const docs: SearchDoc[] = [
  {
    id: 'style:aw',
    url: '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
    kind: 'style',
    name: 'Aspen White Shaker',
    title: 'Aspen White Shaker RTA Kitchen Cabinets',
    description: 'A warm, soft white on a classic five-piece shaker door. Solid birch frame with an MDF centre panel.',
    tags: ['Shaker', 'White', 'Aspen White'],
    sku: ['AW', 'AW-SD-AW'],
  },
  {
    id: 'style:cwsbv',
    url: '/products/bathroom-vanities/rta-bathroom-vanities/cwsbv',
    kind: 'style',
    name: 'Classic White Shaker Bathroom Vanity',
    title: 'Classic White Shaker Bathroom Vanity (RTA)',
    description: 'A crisp white shaker vanity with a quartz top and undermount sink.',
    tags: ['Shaker', 'White', 'Pure White'],
    sku: ['CWSBV', 'CWSBV-SD-PW', 'CWSBV-CH-CM'],
  },
  {
    id: 'style:gc',
    url: '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/gc',
    kind: 'style',
    name: 'Greenwich Classic',
    title: 'Greenwich Classic Semi-Custom Kitchen Cabinets',
    description: 'A traditional raised-panel door in solid hard maple, finished in Crème Brûlée or espresso.',
    sku: ['GC', 'GC-SD-PW'],
  },
  {
    id: 'style:calacatta',
    url: '/products/countertops/quartz-countertops/calacatta-gold-quartz',
    kind: 'style',
    name: 'Calacatta Gold Quartz',
    title: 'Calacatta Gold Quartz Countertops',
    description: 'Bright white quartz with bold grey veins; pairs with aspen white cabinets.',
    sku: ['QZ-CG', 'QZ-CG-CH-POL'],
  },
  {
    id: 'style:bc',
    url: '/products/kitchen-cabinets/rta-kitchen-cabinets/bc',
    kind: 'style',
    name: 'Blackstone Charcoal Shaker',
    title: 'Blackstone Charcoal Shaker RTA Kitchen Cabinets',
    description: 'A deep charcoal shaker door; pairs with white quartz and brass hardware.',
    tags: ['Shaker', 'Black', 'Blackstone'],
    sku: ['BC', 'BC-SD-B'],
  },
  {
    id: 'style:carlton',
    url: '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton',
    kind: 'style',
    name: 'Carlton',
    title: 'Carlton Semi-Custom Kitchen Cabinets',
    description: 'A framed door made to order in maple.',
    tags: ['Shaker', 'Maple', 'Pure White', 'Dove Grey', 'Pacific Navy'],
    sku: ['CARLTON', 'CARLTON-SD-PW'],
  },
  {
    id: 'page:/free-kitchen-design',
    url: '/free-kitchen-design',
    kind: 'page',
    name: 'Free 3D Kitchen Design',
    title: 'Free 3D Kitchen Design | Hearthline Cabinetry',
    description: 'Send your measurements and get a 3D design of your shaker kitchen.',
  },
];
const index = buildSearchIndex(docs);
const ids = (text: string, limit?: number) => querySearch(index, text, limit).map((h) => h.id);
const fields = (text: string) => querySearch(index, text).map((h) => h.field);

describe('search', () => {
  it('finds a style by a whole sku or its start, ahead of everything else', () => {
    const [hit] = querySearch(index, 'AW-SD-AW', 5);
    expect(hit).toMatchObject({
      id: 'style:aw',
      field: 'sku',
      url: '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
    });
    expect(ids('cwsbv-ch')).toEqual(['style:cwsbv']);
    expect(ids('hs-sd')).toEqual([]);
    expect(ids('CWSBV')[0]).toBe('style:cwsbv');
    // A style code that is also its name: the sku match comes first, once.
    expect(querySearch(index, 'carlton')).toMatchObject([{ id: 'style:carlton', field: 'sku' }]);
  });

  it('finds a style by its title', () => {
    const hits = querySearch(index, 'Semi-Custom Kitchen Cabinets');
    expect(hits.map((h) => [h.id, h.field]).sort()).toEqual([
      ['style:carlton', 'title'],
      ['style:gc', 'title'],
    ]);
    expect(ids('quartz countertops')).toEqual(['style:calacatta']);
  });

  it('matches case- and accent-insensitively, ignoring extra spaces', () => {
    expect(ids('ASPEN   white')).toEqual(ids('aspen white'));
    expect(ids('ASPEN   white')[0]).toBe('style:aw');
    expect(ids('creme brulee')).toEqual(['style:gc']);
    expect(ids('CRÈME brûlée')).toEqual(['style:gc']);
  });

  it('forgives one typo from 4 letters and two from 8, none in shorter words', () => {
    expect(ids('vanaty')).toEqual(['style:cwsbv']);
    expect(ids('shaker whte').slice(0, 2)).toEqual(['style:aw', 'style:cwsbv']);
    expect(ids('cabnet')).toEqual(expect.arrayContaining(['style:aw', 'style:gc', 'style:carlton']));
    expect(ids('countretop')).toEqual(['style:calacatta']); // two edits in a 10-letter word
    expect(ids('cuontretop')).toEqual([]); // four are too many
    expect(ids('greenw')).toEqual(['style:gc']); // the start of "greenwich"
    expect(ids('mdp')).toEqual([]); // "mdf" is one edit away, but the word is 3 letters
  });

  it('matches plurals and singulars, and the start of a word', () => {
    expect(ids('vanities')).toEqual(['style:cwsbv']);
    expect(ids('countertop')).toEqual(['style:calacatta']);
    expect(ids('asp')).toEqual(['style:aw', 'style:calacatta']);
    expect(ids('whi sha').slice(0, 2)).toEqual(['style:aw', 'style:cwsbv']);
  });

  it('needs every word, filler words aside', () => {
    expect(ids('white vanity')).toEqual(['style:cwsbv']);
    expect(ids('vanity with a quartz top')).toEqual(['style:cwsbv']);
    expect(ids('white zebrawood')).toEqual([]);
  });

  it('ranks by the field a word matched in: name, then title and tags, then description; styles before pages', () => {
    // "white": in the names of AW and CWSBV, the tags of Carlton, the descriptions of Calacatta and BC.
    expect(ids('white')).toEqual(['style:aw', 'style:cwsbv', 'style:carlton', 'style:calacatta', 'style:bc']);
    expect(fields('white')).toEqual(['name', 'name', 'tags', 'description', 'description']);
    // A style's shaker in its name and a page's in its description.
    expect(ids('shaker').at(-1)).toBe('page:/free-kitchen-design');
    // A page title still beats a style's description.
    expect(ids('free 3d')).toEqual(['page:/free-kitchen-design']);
  });

  it('weighs every word: white in the name or tags ranks above white only in the description', () => {
    // BC has "shaker" in its name but "white" only in its description; Carlton has both as tags.
    expect(ids('white shaker')).toEqual(['style:aw', 'style:cwsbv', 'style:carlton', 'style:bc']);
  });

  it('needs at least 3 characters once trimmed', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    expect(querySearch(index, 'aw')).toEqual([]);
    expect(querySearch(index, '  aw  ')).toEqual([]);
    expect(searchMessage(' aw ', 0)).toBe('Please enter at least 3 characters to search.');
    expect(SEARCH_MIN_LENGTH_MESSAGE).toBe('Please enter at least 3 characters to search.');
  });

  it('returns nothing and the no-results message for an unknown text', () => {
    expect(querySearch(index, 'zebrawood')).toEqual([]);
    expect(querySearch(index, 'the and')).toEqual([]);
    expect(searchMessage('zebrawood', 0)).toBe('No results found');
    expect(SEARCH_NO_RESULTS_MESSAGE).toBe('No results found');
    expect(searchMessage('white', 3)).toBeNull();
  });

  it('honours the limit and gives display fields with a shortened description', () => {
    expect(querySearch(index, 'white', 1)).toHaveLength(1);
    expect(querySearch(index, 'white', 0)).toEqual([]);
    expect(querySearch(index, 'kitchen', Infinity).length).toBe(5);
    const long = buildSearchIndex([{ ...docs[0]!, description: `${'word '.repeat(100)}needle` }]);
    // The whole description is searched; the hit shows its start.
    const [hit] = querySearch(long, 'needle');
    expect(hit!.description.length).toBeLessThanOrEqual(160);
    expect(hit!.description.endsWith('…')).toBe(true);
    expect(hit).toMatchObject({ name: 'Aspen White Shaker', title: 'Aspen White Shaker RTA Kitchen Cabinets' });
  });

  it('is plain JSON: a serialised and parsed index answers the same', () => {
    const again = JSON.parse(JSON.stringify(index));
    for (const q of ['aw-sd-aw', 'shaker', 'white vanity', 'quartz', 'cabnet'])
      expect(querySearch(again, q)).toEqual(querySearch(index, q));
  });

  it('leaves out empty tag and sku lists, and refuses an index of another version', () => {
    const [doc] = buildSearchIndex([{ ...docs[0]!, tags: [], sku: [] }]).docs;
    expect(doc).not.toHaveProperty('tags');
    expect(doc).not.toHaveProperty('sku');
    expect(() => openSearch({ version: 1, docs: [] } as unknown as SearchIndex)).toThrow(
      'search index: unsupported version 1',
    );
  });

  it('rejects duplicate document ids', () => {
    expect(() => buildSearchIndex([docs[0]!, docs[0]!])).toThrow('duplicate document id "style:aw"');
  });

  it('makes page documents from the route table and merges them after styles by URL', () => {
    const route = (path: string, title: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
      path,
      page: 'p',
      title,
      description: `${title} page`,
      metaList: [],
      breadcrumbs: [],
      flags: {},
      dynamic: false,
      sitemap: true,
      source: { file: 'routes.json', pointer: '/routes/0' },
      ...extra,
    });
    const pages = routeSearchDocs([
      route('/about-us', 'About Us | Hearthline Cabinetry'),
      route('/unsubscribe/:token', 'Unsubscribe', { dynamic: true }),
      route('/checkout', 'Checkout', { sitemap: false }),
      route('/products/kitchen-cabinets/rta-kitchen-cabinets/aw', 'Aspen White Shaker | Hearthline Cabinetry'),
    ]);
    expect(pages.map((p) => [p.url, p.name])).toEqual([
      ['/about-us', 'About Us'],
      ['/products/kitchen-cabinets/rta-kitchen-cabinets/aw', 'Aspen White Shaker'],
    ]);
    const merged = mergeSearchDocs(docs.slice(0, 1), pages);
    expect(merged.map((d) => d.id)).toEqual(['style:aw', 'page:/about-us']);
  });
});
