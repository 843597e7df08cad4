import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../content/load-site.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { prerender, routeDir, type PrerenderOptions, type RouteRenderer, type RoutesRendered } from './prerender.ts';

const site = loadSite(resolve(import.meta.dirname, '../../site-config'));
const routes = buildRouteTable(site);
const work = mkdtempSync(join(tmpdir(), 'prerender-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const options = (outDir: string): PrerenderOptions => ({
  site,
  routes,
  outDir,
  registry: {},
  ssr: {
    renderPageHtml: (data) => ({ html: `<p>${data.path}</p>`, data, failed: [], embeddedTypes: [], islands: {} }),
    renderDocument: ({ html }) => html,
  },
  assets: () => ({ entry: '/e.js', css: [], preload: [] }),
});

/** A helper that renders nothing itself but says which shells its routes have, as a worker would. */
function fakeHelper(taken: number[]): RouteRenderer {
  return {
    async render(indexes) {
      await new Promise((r) => setImmediate(r)); // answers on a later turn, as a worker thread does
      taken.push(...indexes);
      const out: RoutesRendered = { failedBlocks: [], dynamic: [], notFound: null };
      for (const i of indexes) {
        const r = routes[i]!;
        if (r.path === '*') out.notFound = routeDir(r.path);
        else if (r.dynamic) out.dynamic.push({ index: i, pattern: r.path, dir: routeDir(r.path) });
      }
      return out;
    },
    flush: async () => {},
  };
}

describe('prerender with helpers', () => {
  it('gives every route to exactly one renderer and writes the manifest in route order', async () => {
    const alone = join(work, 'alone', 'site');
    const one = await prerender(options(alone));
    const shared = join(work, 'shared', 'site');
    const taken: number[] = [];
    const two = await prerender(options(shared), [fakeHelper(taken)]);
    expect(two.pages).toBe(routes.length);
    expect(taken.length).toBeGreaterThan(0);
    routes.forEach((r, i) => {
      const written = existsSync(join(shared, routeDir(r.path), 'index.html'));
      expect(written, r.path).toBe(!taken.includes(i));
    });
    expect(new Set(taken).size).toBe(taken.length);
    expect(two.manifest).toEqual(one.manifest);
    expect(readFileSync(join(work, 'shared', 'routes-manifest.json'), 'utf8')).toBe(
      readFileSync(join(work, 'alone', 'routes-manifest.json'), 'utf8'),
    );
  });

  it('fails when a helper fails', async () => {
    const broken: RouteRenderer = {
      render: async () => Promise.reject(new Error('worker died')),
      flush: async () => {},
    };
    await expect(prerender(options(join(work, 'broken', 'site')), [broken])).rejects.toThrow('worker died');
  });
});

describe('island code', () => {
  it("preloads the code of the islands that start at load only, and lists every island type's imports for the runtime", async () => {
    const out = join(work, 'chunks', 'site');
    await prerender({
      ...options(out),
      ssr: {
        renderPageHtml: (data) => ({
          html: '',
          data,
          failed: [],
          embeddedTypes: [],
          islands: {
            a: { type: 'search-popup', start: 'interaction', props: {} },
            b: { type: 'cart-link', start: 'load', props: {}, embeds: ['star-rating'] },
          },
        }),
        renderDocument: ({ assets, islands }) => JSON.stringify({ assets, islands }),
      },
      // As engine/prerender/assets.ts gives them: a chunk per type asked for, imports for those that have them.
      assets: (types) => ({
        entry: '/e.js',
        css: [],
        preload: types.map((t) => `/assets/${t}.js`),
        blockChunks: Object.fromEntries(types.map((t) => [t, [`/assets/${t}-dep.js`]])),
      }),
    });
    const home = routes.find((r) => r.path === '/')!;
    const doc = JSON.parse(readFileSync(join(out, routeDir(home.path), 'index.html'), 'utf8'));
    expect(doc.assets.preload).toEqual(['/assets/cart-link.js', '/assets/star-rating.js']);
    expect(Object.keys(doc.assets.blockChunks).sort()).toEqual(['cart-link', 'search-popup', 'star-rating']);
    expect(Object.keys(doc.islands)).toEqual(['a', 'b']);
  });
});
