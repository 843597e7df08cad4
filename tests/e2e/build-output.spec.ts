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
    expect(js, f).not.toMatch(/ajv|better-sqlite3|nodemailer|@hono\/node-server|node:fs/);
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

test('each page loads only the code of its own blocks', () => {
  const home = readFileSync(join(SITE, 'index.html'), 'utf8');
  const data = JSON.parse(/<script id="__JOINERY_DATA__" type="application\/json">(.*?)<\/script>/s.exec(home)![1]!);
  const manifest = JSON.parse(readFileSync(join(SITE, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const blockChunks = Object.entries(manifest).filter(([k]) => k.startsWith('blocks/') && k.endsWith('/index.tsx'));
  for (const [key, chunk] of blockChunks) {
    const type = key.split('/')[1]!;
    const linked = home.includes(`/${chunk.file}`);
    expect(linked, `${type} chunk linked on home`).toBe(data.blockTypes.includes(type));
  }
});
