/** What the build ships: sitemap, robots, shells, and browser chunks free of ajv and server code. */
import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SITE = resolve(import.meta.dirname, '../../dist/site');

test('no browser chunk contains ajv or server code', () => {
  const chunks = readdirSync(join(SITE, 'assets')).filter((f) => f.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(2);
  for (const f of chunks) {
    const js = readFileSync(join(SITE, 'assets', f), 'utf8');
    // \b: a chunk hash such as "zod-DajvZY-M.js", named in another chunk, is not ajv.
    expect(js, f).not.toMatch(/\bajv\b|better-sqlite3|nodemailer|@hono\/node-server|node:fs/);
  }
});

test('sitemap.xml lists static routes with absolute URLs and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('<loc>https://www.hearthlinecabinetry.com/</loc>');
  expect(xml).toContain('<loc>https://www.hearthlinecabinetry.com/about-us</loc>');
  expect(xml).not.toContain(':unsubscribeToken');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://www.hearthlinecabinetry.com/sitemap.xml');
});

test('each page preloads only the code of its own eager blocks', () => {
  const home = readFileSync(join(SITE, 'index.html'), 'utf8');
  const data = JSON.parse(/<script id="__JOINERY_DATA__" type="application\/json">(.*?)<\/script>/s.exec(home)![1]!);
  const manifest = JSON.parse(readFileSync(join(SITE, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const blockChunks = Object.entries(manifest).filter(([k]) => k.startsWith('blocks/') && k.endsWith('/index.tsx'));
  for (const [key, chunk] of blockChunks) {
    const type = key.split('/')[1]!;
    const linked = home.includes(`/${chunk.file}`);
    // Deferred blocks (load: idle | visible) are prerendered but their code comes after hydration.
    expect(linked, `${type} chunk linked on home`).toBe((data.eagerBlockTypes ?? data.blockTypes).includes(type));
  }
});

test('a block with load "visible" fetches its code only when it nears the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('/privacy-policy'); // a long page: the footer starts far below the fold
  await page.waitForLoadState('networkidle');
  expect(fetched.some((u) => /\/assets\/site-footer-[^/]+\.js$/.test(u))).toBe(false);
  const footerChunk = page.waitForResponse((r) => /\/assets\/site-footer-[^/]+\.js$/.test(r.url()));
  await page.locator('footer').last().scrollIntoViewIfNeeded();
  expect((await footerChunk).status()).toBe(200);
});
