import { describe, expect, it } from 'vitest';
import { loadSite } from '../content/load-site.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { memorySite } from '../testing/memory-site.ts';
import { robotsDisallow, robotsTxt } from './sitemap.ts';

describe('robots.txt', () => {
  it('disallows the API and the routes routes.json flags, a dynamic path up to its first parameter', () => {
    const site = memorySite({
      'routes.json': {
        routes: [
          { path: '/', page: 'home' },
          { path: '/basket', page: 'basket', robots: 'disallow' },
          { path: '/pay/:method/return', page: 'pay-return', robots: 'disallow' },
          { path: '/pay/failed', page: 'pay-failed', robots: 'disallow' },
          { path: '/account/:token', page: 'account' },
        ],
      },
    });
    expect(robotsDisallow(buildRouteTable(site))).toEqual(['/api/', '/basket', '/pay/']);
    expect(robotsTxt('https://shop.test', ['/api/', '/basket'])).toBe(
      'User-agent: *\nDisallow: /api/\nDisallow: /basket\n\nSitemap: https://shop.test/sitemap.xml\n',
    );
  });

  it("the shipped shop's list", () => {
    const routes = buildRouteTable(loadSite(new URL('../../site-config', import.meta.url).pathname));
    expect(robotsDisallow(routes)).toEqual([
      '/api/',
      '/newsletter/confirm/',
      '/unsubscribe/',
      '/checkout',
      '/quote/payment',
      '/payment/',
      '/order/success',
    ]);
  });
});
