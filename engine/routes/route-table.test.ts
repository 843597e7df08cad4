import { describe, expect, it } from 'vitest';
import { baseSite, memorySite } from '../testing/memory-site.ts';
import { buildRouteTable, matchPath, RouteTableError } from './route-table.ts';

describe('buildRouteTable', () => {
  const site = memorySite({
    ...baseSite,
    'routes.json': {
      defaults: { schemas: { breadcrumb: { addSchema: true }, searchConsole: { addSchema: true } } },
      routes: [
        { path: '/', page: 'home', title: 'Home', schemas: { breadcrumb: { addSchema: false } } },
        { path: '/unsubscribe/:token', page: 'unsub' },
        { path: '*', page: 'not-found' },
      ],
      collections: [
        {
          path: '/products/{category}/{slug}',
          page: 'sub',
          source: 'catalogs/cats.json#/subs',
          title: '{title} | Shop',
          breadcrumbs: [{ text: '{parent.title}', url: '/products/{category}' }],
        },
      ],
    },
    'catalogs/cats.json': {
      subs: [
        { category: 'kitchen', slug: 'rta', title: 'RTA Cabinets', parent: { title: 'Kitchen' } },
        { category: 'bath', slug: 'vanities', title: 'Vanities', parent: { title: 'Bath' } },
      ],
    },
  });

  it('merges default flags under each route, the route winning', () => {
    const [home] = buildRouteTable(site);
    expect(home!.flags).toEqual({ breadcrumb: false, searchConsole: true });
  });

  it('marks :param and * routes dynamic and keeps them out of the sitemap', () => {
    const routes = buildRouteTable(site);
    expect(routes.filter((r) => r.dynamic).map((r) => r.path)).toEqual(['/unsubscribe/:token', '*']);
    expect(routes.find((r) => r.path === '*')!.sitemap).toBe(false);
  });

  it('expands a collection, filling placeholders from each item', () => {
    const subs = buildRouteTable(site).filter((r) => r.page === 'sub');
    expect(subs.map((r) => [r.path, r.title])).toEqual([
      ['/products/kitchen/rta', 'RTA Cabinets | Shop'],
      ['/products/bath/vanities', 'Vanities | Shop'],
    ]);
    expect(subs[1]!.breadcrumbs).toEqual([{ text: 'Bath', url: '/products/bath' }]);
    expect(subs[0]!.item).toMatchObject({ slug: 'rta' });
  });

  it('throws a RouteTableError pointing at the source when the collection data is missing', () => {
    const broken = memorySite({
      ...baseSite,
      'routes.json': { routes: [], collections: [{ path: '/x/{slug}', page: 'x', source: 'data/none.json#/a' }] },
    });
    expect(() => buildRouteTable(broken)).toThrow(RouteTableError);
    try {
      buildRouteTable(broken);
    } catch (e) {
      expect((e as RouteTableError).pointer).toBe('/collections/0/source');
    }
  });
});

describe('matchPath', () => {
  it('matches :params and rejects other shapes', () => {
    expect(matchPath('/payment/:method/verify', '/payment/stripe/verify')).toEqual({ method: 'stripe' });
    expect(matchPath('/payment/:method/verify', '/payment/stripe')).toBeNull();
    expect(matchPath('/about-us', '/about-us/')).toEqual({});
    expect(matchPath('/unsubscribe/:t', '/unsubscribe/a%20b')).toEqual({ t: 'a b' });
  });
});
