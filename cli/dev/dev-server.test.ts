/** `joinery dev` serves pages from the live content, styled, with lint findings in an overlay. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../paths.ts';
import { startDevServer } from './dev-server.ts';
import { OVERLAY_DATA_ID, type OverlayState } from './overlay-view.ts';

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

/** Writes a content file and waits for the server's watcher to see it (its listener runs first). */
async function edit(file: string, text: string): Promise<void> {
  const path = join(site, file);
  const dir = path.slice(0, path.lastIndexOf('/'));
  await vi.waitFor(() => expect(dev.vite.watcher.getWatched()[dir]).toContain(path.slice(dir.length + 1)), {
    timeout: 20_000,
    interval: 20,
  });
  const changed = new Promise<void>((resolve) => {
    const seen = (_event: string, changedFile: string) => {
      if (changedFile !== path) return;
      dev.vite.watcher.off('all', seen);
      resolve();
    };
    dev.vite.watcher.on('all', seen);
  });
  writeFileSync(path, text);
  await changed;
}

/** The overlay's state as the page embeds it. */
function overlayState(html: string): OverlayState {
  const m = new RegExp(`<script type="application/json" id="${OVERLAY_DATA_ID}">(.*?)</script>`).exec(html);
  return JSON.parse(m![1]!);
}

describe('joinery dev', () => {
  it('renders a page, its data, and the 404 page from the content folder', async () => {
    const page = await fetch(`${base}/about-us`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>About Hearthline Cabinetry<\/h1>/);
    const data = await (await fetch(`${base}/about-us/page-data.json`)).json();
    expect(data.head.title).toBe('About Us | Hearthline Cabinetry');
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  }, 60_000); // the first request lints the site and compiles the server's modules

  it('serves the dev-only component preview that the build leaves out', async () => {
    const page = await fetch(`${base}/test`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>Component preview<\/h1>/);
  });

  it('writes the styles of every block the page renders, static ones too, as Vite style elements', async () => {
    const html = await (await fetch(`${base}/about-us`)).text();
    // The footer is static: no code of it reaches the browser, its CSS comes with the page.
    const footerClass = /<div class="(_footer_[^" ]+)"/.exec(html)![1]!;
    const footerCss = join(ROOT, 'blocks', 'site-footer', 'site-footer.module.css');
    const style = new RegExp(`<style data-vite-dev-id="${footerCss}">([^<]*)</style>`).exec(html);
    expect(style?.[1]).toContain(`.${footerClass}`);
    expect(html).toContain(`<style data-vite-dev-id="${join(ROOT, 'engine', 'ui', 'tokens.css')}">`);
    // No findings: the overlay is there, empty, for the next ones.
    expect(overlayState(html).findings).toEqual([]);
  });

  it('shows a page with a finding under an overlay naming it as joinery lint does, with its fix and rule page', async () => {
    const file = join(site, 'pages', 'about-us.json');
    const good = readFileSync(file, 'utf8');
    await edit('pages/about-us.json', good.replace('"type": "heading"', '"type": "headng"'));
    try {
      const page = await fetch(`${base}/about-us`);
      expect(page.status).toBe(200);
      const html = await page.text();
      // The page still renders, under the overlay (written into its shadow root, open).
      expect(html).toMatch(/<h1[^>]*>About Hearthline Cabinetry<\/h1>/);
      expect(html).toMatch(/<template shadowrootmode="open">.*role="dialog" aria-labelledby="jv-title"/s);
      const line = good.split('\n').findIndex((l) => l.includes('"type": "heading"')) + 1;
      expect(html).toContain(`<code>${site}/pages/about-us.json:${line}:15</code>`);
      expect(html).toContain('unknown block type &quot;headng&quot; (did you mean &quot;heading&quot;?)');
      expect(html).toContain('Fix: Replace &quot;headng&quot; with &quot;heading&quot;');
      expect(html).toContain(
        '<a href="/__joinery/rules/unknown-block" target="_blank" rel="noreferrer">unknown-block</a>',
      );
      expect(overlayState(html)).toMatchObject({
        render: 'fresh',
        pageFiles: expect.arrayContaining(['pages/about-us.json']),
      });

      // Another page renders too; the error is not its own, so its overlay starts closed.
      const other = await (await fetch(`${base}/faqs`)).text();
      expect(other).toMatch(/<h1[^>]*>Frequently asked questions<\/h1>/);
      expect(other).not.toContain('role="dialog" aria-labelledby="jv-title"');
      expect(other).toContain('data-open>joinery lint: 1 error</button>');

      const doc = await fetch(`${base}/__joinery/rules/unknown-block`);
      expect(doc.status).toBe(200);
      expect(await doc.text()).toContain('<h1>unknown-block: Unknown block type</h1>');
      expect((await fetch(`${base}/__joinery/rules/no-such-rule`)).status).toBe(404);
    } finally {
      await edit('pages/about-us.json', good);
    }
  });

  it('keeps the last good render of a page that no longer renders, and the other pages', async () => {
    const good = readFileSync(join(site, 'pages', 'faqs.json'), 'utf8');
    expect((await fetch(`${base}/faqs`)).status).toBe(200);
    await edit('pages/faqs.json', '{\n  "blocks": [\n    { "type": "heading" "props": {} }\n  ]\n}\n');
    try {
      const html = await (await fetch(`${base}/faqs`)).text();
      expect(html).toMatch(/<h1[^>]*>Frequently asked questions<\/h1>/);
      expect(html).toContain('joinery lint: 1 error');
      expect(html).toContain(`${site}/pages/faqs.json:3:25`);
      expect(html).toContain('Comma expected');
      expect(overlayState(html).render).toBe('last-good');
      const about = await fetch(`${base}/about-us`);
      expect(about.status).toBe(200);
      expect(await about.text()).toMatch(/<h1[^>]*>About Hearthline Cabinetry<\/h1>/);
    } finally {
      await edit('pages/faqs.json', good);
    }
  });

  it('shows only the overlay, open, for a page that cannot render and never rendered', async () => {
    const good = readFileSync(join(site, 'pages', 'claim.json'), 'utf8');
    await edit('pages/claim.json', '{ "blocks": [ }');
    try {
      const page = await fetch(`${base}/claim`);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(overlayState(html).render).toBe('none');
      expect(html).toMatch(/<template shadowrootmode="open">.*role="dialog" aria-labelledby="jv-title"/s);
      expect(html).toContain('The page cannot be rendered as the content is.');
      expect(html).toContain(`${site}/pages/claim.json:1:`);
    } finally {
      await edit('pages/claim.json', good);
    }
  });

  // The editor is mounted on the same server.
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
});
