/** `joinery dev` mounts the editor: its pages, its API and the "Edit this page" link on every page. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../../paths.ts';
import { startDevServer } from '../dev-server.ts';

const site = mkdtempSync(join(tmpdir(), 'joinery-dev-editor-'));
let dev: Awaited<ReturnType<typeof startDevServer>>;
let base = '';

beforeAll(async () => {
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  dev = await startDevServer({ siteDir: site, port: 0 });
  base = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await dev?.close();
  rmSync(site, { recursive: true, force: true });
});

it('adds an "Edit this page" link to pages and serves the editor, the gallery and the API', async () => {
  const page = await (await fetch(`${base}/about-us`)).text();
  expect(page).toMatch(/<a href="\/__joinery\/edit\?route=%2Fabout-us"[^>]*>Edit this page<\/a>/);
  const editor = await fetch(`${base}/__joinery/edit?route=/about-us`);
  expect(editor.status).toBe(200);
  expect(await editor.text()).toContain('<script type="module" src="/cli/dev/editor/client/editor.tsx"></script>');
  expect(await (await fetch(`${base}/__joinery/blocks`)).text()).toContain('/cli/dev/editor/client/gallery.tsx');
  const preview = await (await fetch(`${base}/__joinery/preview?route=/about-us`)).text();
  expect(preview).toContain('.jv-hide-mobile{display:none!important}');
  const api = await fetch(`${base}/__joinery/api/page?route=/about-us`);
  expect(api.status).toBe(200);
  expect((await api.json()).page).toBe('pages/about-us.json');
  expect((await fetch(`${base}/__joinery/nothing`)).status).toBe(404);
  const usage = await (await fetch(`${base}/__joinery/api/usage`)).json();
  expect(usage.author.slice(0, 2)).toEqual(['/about-us', '/aboutus']);
  expect(usage['site-header']).toContain('/');
}, 120_000); // the first page loads every block through Vite
