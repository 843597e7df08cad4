import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../types.ts';
import {
  buildSearchIndex,
  mergeSearchDocs,
  querySearch,
  routeSearchDocs,
  searchMessage,
  SEARCH_MIN_LENGTH,
  SEARCH_MIN_LENGTH_MESSAGE,
  SEARCH_NO_RESULTS_MESSAGE,
  type SearchDoc,
} from './index.ts';

const docs: SearchDoc[] = [
  {
    id: 'style:aw',
    url: '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
    kind: 'style',
    name: 'Aspen White Shaker',
    title: 'Aspen White Shaker RTA Kitchen Cabinets',
    description: 'A warm, soft white on a classic five-piece shaker door. Solid birch frame with an MDF centre panel.',
    sku: ['AW', 'AW-SD-AW'],
  },
  {
    id: 'style:cwsbv',
    url: '/products/bathroom-vanities/rta-bathroom-vanities/cwsbv',
    kind: 'style',
    name: 'Classic White Shaker Bathroom Vanity',
    title: 'Classic White Shaker Bathroom Vanity (RTA)',
    description: 'A crisp white shaker vanity with a quartz top and undermount sink.',
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

describe('search', () => {
  it('finds a style by sku, exactly and by prefix, ahead of everything else', () => {
    const [hit] = querySearch(index, 'AW-SD-AW', 5);
    expect(hit).toMatchObject({
      id: 'style:aw',
      field: 'sku',
      url: '/products/kitchen-cabinets/rta-kitchen-cabinets/aw',
    });
    expect(ids('cwsbv-ch')).toEqual(['style:cwsbv']);
    expect(ids('CWSBV')[0]).toBe('style:cwsbv');
  });

  it('finds a style by its title', () => {
    expect(ids('Semi-Custom Kitchen Cabinets')).toEqual(['style:gc']);
    expect(querySearch(index, 'quartz countertops')[0]).toMatchObject({ id: 'style:calacatta', field: 'title' });
  });

  it('matches case- and accent-insensitively, ignoring extra spaces', () => {
    expect(ids('ASPEN   white')).toEqual(ids('aspen white'));
    expect(ids('ASPEN   white')[0]).toBe('style:aw');
    expect(ids('creme brulee')).toEqual(['style:gc']);
  });

  it('ranks a name prefix first, then the name, then titles, then descriptions; styles before pages', () => {
    // "white": in the name of AW and CWSBV, only in the description of Calacatta.
    expect(ids('white')).toEqual(['style:aw', 'style:cwsbv', 'style:calacatta']);
    expect(querySearch(index, 'white').map((h) => h.field)).toEqual(['name', 'name', 'description']);
    // "shaker": name of AW and CWSBV (word inside the name), then the page's description.
    expect(ids('shaker')).toEqual(['style:aw', 'style:cwsbv', 'page:/free-kitchen-design']);
    // "classic": prefix of CWSBV's name, inside GC's name, in AW's description.
    expect(ids('classic')).toEqual(['style:cwsbv', 'style:gc', 'style:aw']);
    expect(querySearch(index, 'classic').map((h) => h.field)).toEqual(['name', 'name', 'description']);
    // A page title prefix still beats a style's description.
    expect(ids('free 3d')[0]).toBe('page:/free-kitchen-design');
  });

  it('finds documents that contain every word, across fields, after phrase matches', () => {
    expect(ids('white vanity')).toEqual(['style:cwsbv']);
    expect(querySearch(index, 'vanity quartz')[0]).toMatchObject({ id: 'style:cwsbv', field: 'words' });
  });

  it('needs at least 3 characters once trimmed', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    expect(querySearch(index, 'aw')).toEqual([]);
    expect(querySearch(index, '  aw  ')).toEqual([]);
    expect(searchMessage(' aw ', 0)).toBe('Please enter at least 3 characters to search.');
    expect(SEARCH_MIN_LENGTH_MESSAGE).toBe('Please enter at least 3 characters to search.');
    expect(ids('asp')).toEqual(['style:aw', 'style:calacatta']);
  });

  it('returns nothing and the no-results message for an unknown text', () => {
    expect(querySearch(index, 'zebrawood')).toEqual([]);
    expect(searchMessage('zebrawood', 0)).toBe('No results found');
    expect(SEARCH_NO_RESULTS_MESSAGE).toBe('No results found');
    expect(searchMessage('white', 3)).toBeNull();
  });

  it('honours the limit and gives display fields with a shortened description', () => {
    expect(querySearch(index, 'white', 1)).toHaveLength(1);
    expect(querySearch(index, 'white', 0)).toEqual([]);
    expect(querySearch(index, 'kitchen', Infinity).length).toBe(3);
    const long = buildSearchIndex([{ ...docs[0]!, description: 'word '.repeat(100) }]);
    const d = long.docs[0]!.description;
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith('…')).toBe(true);
  });

  it('is plain JSON: a serialised and parsed index answers the same', () => {
    const again = JSON.parse(JSON.stringify(index));
    for (const q of ['aw-sd-aw', 'shaker', 'white vanity', 'quartz'])
      expect(querySearch(again, q)).toEqual(querySearch(index, q));
  });

  it('does not match a phrase across two fields', () => {
    // name ends "Shaker", title begins "Aspen": "shaker aspen" is not a phrase in any one field,
    // but both words are present, so it is a words match.
    expect(querySearch(index, 'shaker aspen')[0]).toMatchObject({ id: 'style:aw', field: 'words' });
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
