/** `joinery dev` serves pages from the live content and shows lint errors in the page. */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../paths.ts';
import { startDevServer } from './dev-server.ts';

const site = mkdtempSync(join(tmpdir(), 'joinery-dev-'));
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

describe('joinery dev', () => {
  it('renders a page, its data, and the 404 page from the content folder', async () => {
    const page = await fetch(`${base}/about-us`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>About Hearthline Cabinetry<\/h1>/);
    const data = await (await fetch(`${base}/about-us/page-data.json`)).json();
    expect(data.head.title).toBe('About Us | Hearthline Cabinetry');
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  });

  it('serves the dev-only component preview that the build leaves out', async () => {
    const page = await fetch(`${base}/test`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>Component preview<\/h1>/);
  });

  it('shows lint errors in the page after a content edit', async () => {
    const faqs = join(site, 'pages', 'faqs.json');
    // The watcher watches the file (it starts on its own after the server); its event for the
    // edit drops the cached content (the server's listener runs before this one).
    await vi.waitFor(() => expect(dev.vite.watcher.getWatched()[join(site, 'pages')]).toContain('faqs.json'), {
      timeout: 20_000,
      interval: 20,
    });
    const changed = new Promise<void>((resolve) => {
      const seen = (_event: string, file: string) => {
        if (file !== faqs) return;
        dev.vite.watcher.off('all', seen);
        resolve();
      };
      dev.vite.watcher.on('all', seen);
    });
    writeFileSync(faqs, '{\n  "blocks": [\n    { "type": "heading" "props": {} }\n  ]\n}\n');
    await changed;
    const html = await (await fetch(`${base}/faqs`)).text();
    expect(html).toContain('joinery lint: 1 error');
    expect(html).toContain('pages/faqs.json:3:25');
    expect(html).toContain('Comma expected');
  });
});
