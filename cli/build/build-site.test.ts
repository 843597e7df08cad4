/**
 * The build as an author meets it: it stops on a missing page before any bundling, and a page
 * scaffolded with `joinery new page` is built and served.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestServer } from '../../server/testing/index.ts';
import { ROOT } from '../paths.ts';
import { scaffoldPage } from '../scaffold/index.ts';
import { buildSite } from './build-site.ts';

const work = mkdtempSync(join(tmpdir(), 'joinery-build-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function copySite(name: string) {
  const dir = join(work, name);
  cpSync(join(ROOT, 'site-config'), dir, { recursive: true });
  return dir;
}

describe('joinery build', () => {
  it('stops at the missing-file check, naming the route and the expected file, before bundling', async () => {
    const site = copySite('missing');
    rmSync(join(site, 'pages', 'faqs.json'));
    const out = join(work, 'out-missing');
    const result = await buildSite({ siteDir: site, outDir: out });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.stage).toBe('check');
    expect(result.findings.map((f) => [f.ruleId, f.file, f.message, f.fix])).toContainEqual([
      'missing-file',
      'routes.json',
      'route "/faqs": page file pages/faqs.json does not exist',
      'joinery new page faqs',
    ]);
    expect(existsSync(out)).toBe(false);
  });

  it('builds and serves a page made with `joinery new page promo`', async () => {
    const site = copySite('promo');
    scaffoldPage(site, 'promo');
    const out = join(work, 'out-promo');
    // Everything the build says, on the console (Vite, Rolldown) and through its log.
    const said: string[] = [];
    for (const m of ['log', 'info', 'warn', 'error'] as const)
      vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void said.push(a.join(' ')));
    vi.stubEnv('VIDEO_THUMBNAIL_HOST', 'off'); // an offline build by intent
    let result: Awaited<ReturnType<typeof buildSite>>;
    try {
      result = await buildSite({ siteDir: site, outDir: out, log: (l) => said.push(l) });
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
    }
    expect(result.ok).toBe(true);
    // A quiet build: nothing the author cannot act on.
    expect(said.filter((l) => /`from` option|PLUGIN_TIMINGS|thumbnails|unreachable/.test(l))).toEqual([]);
    expect(said.some((l) => l.startsWith('prerender: '))).toBe(true);
    const html = readFileSync(join(out, 'site', 'promo', 'index.html'), 'utf8');
    expect(html).toContain('<h1');
    // Its first paint waits for no stylesheet: the CSS it uses is inlined, and the sheet is linked disabled.
    expect(html).toMatch(/<style data-jv-critical>[^<]*\{/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled data-jv-sheet>/);
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+">/);
    const server = await createTestServer({ dist: out, siteDir: site });
    try {
      const res = await server.app.request('/promo');
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain('<title>Promo');
      expect(body).toMatch(/<h1[^>]*>Promo<\/h1>/);
      expect(readFileSync(join(out, 'site', 'sitemap.xml'), 'utf8')).toContain('/promo</loc>');
      // The component preview is a dev-only route: not built, so not served.
      expect(existsSync(join(out, 'site', 'test'))).toBe(false);
      const preview = await server.app.request('/test');
      expect(preview.status).toBe(404);
      expect(await preview.text()).not.toContain('Component preview');
    } finally {
      await server.close();
    }

    // The same build with the prerender shared by a worker thread (large sites get one) writes the same pages.
    // Worker threads load the server bundle with Node's own resolver: it must sit in the project
    // (as dist/ does) to find react-dom, so the bundles are copied there.
    const bundles = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'joinery-build-test-'));
    const threaded = join(work, 'out-promo-threads');
    try {
      cpSync(join(out, 'server'), join(bundles, 'server'), { recursive: true });
      cpSync(join(out, 'site', '.vite'), join(bundles, 'site', '.vite'), { recursive: true });
      // The stylesheets too: each page inlines its share of them (critical CSS).
      cpSync(join(out, 'site', 'assets'), join(bundles, 'site', 'assets'), { recursive: true });
      const again = await buildSite({
        siteDir: site,
        outDir: threaded,
        reuseBundlesFrom: bundles,
        skipLint: true,
        threads: 1,
      });
      expect(again.ok).toBe(true);
    } finally {
      rmSync(bundles, { recursive: true, force: true });
    }
    const pages = (dir: string) =>
      readdirSync(join(dir, 'site'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('index.html'))
        .sort();
    expect(pages(threaded)).toEqual(pages(out));
    // A page's data is in the page (its islands script): no page-data.json beside it.
    const files = readdirSync(join(out, 'site'), { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('page-data.json'))).toEqual([]);
    expect(pages(out).length).toBeGreaterThan(100);
    for (const f of pages(out))
      expect(readFileSync(join(threaded, 'site', f), 'utf8'), f).toBe(readFileSync(join(out, 'site', f), 'utf8'));
    expect(readFileSync(join(threaded, 'routes-manifest.json'), 'utf8')).toBe(
      readFileSync(join(out, 'routes-manifest.json'), 'utf8'),
    );
  }, 180_000);
});
