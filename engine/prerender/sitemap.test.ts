import { describe, expect, it } from 'vitest';
import { loadSite } from '../content/load-site.ts';
import { buildPageData } from '../page-data/build-page-data.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { memorySite } from '../testing/memory-site.ts';
import { robotsDisallow, robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';

describe('sitemap.xml', () => {
  it('lists the concrete routes flagged for it whose canonical is their own', () => {
    const site = memorySite({
      'routes.json': {
        routes: [
          { path: '/', page: 'home' },
          { path: '/about-us', page: 'about', canonical: '/about-us/' },
          { path: '/aboutus', page: 'about', canonical: '/about-us', sitemap: true },
          { path: '/search', page: 'search', sitemap: false },
          { path: '/account/:token', page: 'account' },
        ],
      },
    });
    expect(sitemapPaths(buildRouteTable(site))).toEqual(['/', '/about-us']);
    expect(sitemapXml('https://shop.test', ['/', '/a&b'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://shop.test/</loc></url>\n  <url><loc>https://shop.test/a&amp;b</loc></url>\n</urlset>\n',
    );
  });

  it("the shipped shop's: every URL listed is its page's canonical URL, and /aboutus is left to /about-us", () => {
    const site = loadSite(new URL('../../site-config', import.meta.url).pathname);
    const routes = buildRouteTable(site);
    const paths = sitemapPaths(routes);
    expect(paths).toContain('/about-us');
    expect(paths).not.toContain('/aboutus');
    expect(paths.length).toBeGreaterThan(90);
    const byPath = new Map(routes.map((r) => [r.path, r]));
    for (const path of paths) {
      const { head } = buildPageData(site, byPath.get(path)!);
      expect(head.canonical, path).toBe(`https://www.hearthlinecabinetry.com${path}`);
    }
  });
});

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
