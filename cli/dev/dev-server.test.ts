/**
 * `joinery dev` serves pages from the live content, styled, with lint findings in an overlay; on
 * loopback only, to its own host names, the editor's writes to its own pages only.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
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
  dev = await startDevServer({ siteDir: site, port: 0, allowedHosts: ['shop.test'] });
  base = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await dev?.close();
  rmSync(site, { recursive: true, force: true });
});

/** Writes a content file and waits until the server has seen it (its version of the content moved on). */
async function edit(file: string, text: string): Promise<void> {
  const path = join(site, file);
  await watched(path);
  const before = dev.contentVersion();
  writeFileSync(path, text);
  await vi.waitFor(() => expect(dev.contentVersion()).toBeGreaterThan(before), { timeout: 20_000, interval: 10 });
}

/** Waits until the server's watcher watches the file. */
async function watched(path: string): Promise<void> {
  const dir = path.slice(0, path.lastIndexOf('/'));
  await vi.waitFor(() => expect(dev.vite.watcher.getWatched()[dir]).toContain(path.slice(dir.length + 1)), {
    timeout: 20_000,
    interval: 20,
  });
}

/** A GET (or a WebSocket upgrade) with the Host header given: status, headers and body. */
function withHost(
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { ...headers, host } });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode!, headers: res.headers, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Vite's HMR WebSocket handshake, as its client sends it. */
const HMR_UPGRADE = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'sec-websocket-protocol': 'vite-hmr',
};

/** The overlay's state as the page embeds it. */
function overlayState(html: string): OverlayState {
  const m = new RegExp(`<script type="application/json" id="${OVERLAY_DATA_ID}">(.*?)</script>`).exec(html);
  return JSON.parse(m![1]!);
}

describe('joinery dev', () => {
  it('renders a page with its head, and the 404 page from the content folder', async () => {
    const page = await fetch(`${base}/about-us`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>About Hearthline Cabinetry<\/h1>/);
    expect(html).toContain('<title>About Us | Hearthline Cabinetry</title>');
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  }, 60_000); // the first request lints the site and compiles the server's modules

  it('serves the dev-only component preview that the build leaves out', async () => {
    const page = await fetch(`${base}/test`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>Component preview<\/h1>/);
  });

  it('writes the styles of every block the page renders, static ones too, as Vite style elements', async () => {
    const html = await (await fetch(`${base}/about-us`)).text();
    // The footer is static: no code of it reaches the browser, its CSS comes with the page. Its
    // class is named as the build names it (`[local]_[hash:base64:5]`, engine/vite/config.ts).
    const footerClass = /<div class="(footer_[\w-]{5})"/.exec(html)?.[1];
    expect(footerClass).toBeDefined();
    // Its islands start as the build's: by the boot script, which starts the runtime's entry.
    expect(html).toMatch(
      /<script type="module" src="\/engine\/client\/boot\.ts" data-jv-entry="\/engine\/client\/entry\.tsx"/,
    );
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

  it('shows a rewrite that follows a save at once, which the watcher does not report', async () => {
    const path = join(site, 'pages', 'faqs.json');
    const good = readFileSync(path, 'utf8');
    await watched(path);
    // A save, the page read from it, then a formatter's rewrite within chokidar's 50 ms of the save
    // being seen: it reports the save only.
    const rewritten = new Promise<void>((resolve, reject) => {
      const seen = (_event: string, changed: string) => {
        if (changed !== path) return;
        dev.vite.watcher.off('all', seen);
        fetch(`${base}/faqs`)
          .then((r) => r.text())
          .then(() => writeFileSync(path, good.replace('Frequently asked questions', 'Questions, rewritten')))
          .then(resolve, reject);
      };
      dev.vite.watcher.on('all', seen);
    });
    writeFileSync(path, '{ "blocks": [ }');
    await rewritten;
    try {
      await vi.waitFor(
        async () => expect(await (await fetch(`${base}/faqs`)).text()).toMatch(/<h1[^>]*>Questions, rewritten<\/h1>/),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await edit('pages/faqs.json', good);
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

describe('joinery dev, closed to the network and to other sites', () => {
  it('listens on loopback only: a connect to a network address of this machine is refused', async (ctx) => {
    const { address, port } = dev.server.address() as AddressInfo;
    expect(address).toBe('127.0.0.1');
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
    if (!lan) return ctx.skip('this machine has no non-loopback IPv4 address to connect from');
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, lan);
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('answers on the IPv6 loopback too', async (ctx) => {
    const { port } = dev.server.address() as AddressInfo;
    const r = await fetch(`http://[::1]:${port}/__joinery/api/routes`).catch((e: Error) => e);
    if (r instanceof Error) return ctx.skip(`this machine has no IPv6 loopback (${String(r.cause ?? r.message)})`);
    expect(r.status).toBe(200);
  });

  it('refuses a request for another host name (403, saying how to allow it), its own and --allowed-host names pass', async () => {
    const { port } = dev.server.address() as AddressInfo;
    for (const path of ['/about-us', '/__joinery/edit?route=/about-us', '/@vite/client']) {
      const r = await withHost(`attacker.example:${port}`, path);
      expect(r.status, path).toBe(403);
      expect(r.body, path).toBe(
        'Blocked request: this host ("attacker.example") is not allowed. To allow it, start joinery dev with --allowed-host attacker.example',
      );
    }
    const api = await withHost('attacker.example', '/__joinery/api/routes');
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toEqual({
      success: false,
      message:
        'Blocked request: this host ("attacker.example") is not allowed. To allow it, start joinery dev with --allowed-host attacker.example',
    });
    expect((await withHost('attacker.example', '/api/health')).status).toBe(403);
    // A network address is not one of its own either.
    expect((await withHost(`192.0.2.7:${port}`, '/__joinery/api/routes')).status).toBe(403);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `shop.test:${port}`, 'SHOP.test'])
      expect((await withHost(host, '/__joinery/api/routes')).status, host).toBe(200);
  });

  it("refuses Vite's HMR WebSocket to another host name, takes it for its own", async () => {
    const { port } = dev.server.address() as AddressInfo;
    const refused = await withHost(`attacker.example:${port}`, '/', HMR_UPGRADE);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('To allow it, start joinery dev with --allowed-host attacker.example');
    expect((await withHost(`localhost:${port}`, '/', HMR_UPGRADE)).status).toBe(101);
    expect((await withHost(`shop.test:${port}`, '/', HMR_UPGRADE)).status).toBe(101);
  });

  it("saves only for the editor's own page: its origin, a JSON body and the token it holds", async () => {
    const file = join(site, 'pages', 'about-us.json');
    const before = readFileSync(file);
    const opened = await (await fetch(`${base}/__joinery/api/page?route=/about-us`)).json();
    const value = structuredClone(opened.files['pages/about-us.json'].value);
    value.blocks.find((b: { type: string }) => b.type === 'heading').props.title = 'Rewritten';
    const body = JSON.stringify({
      files: { 'pages/about-us.json': { value, hash: opened.files['pages/about-us.json'].hash } },
    });
    const editorPage = await (await fetch(`${base}/__joinery/edit?route=/about-us`)).text();
    const token = /<meta name="joinery-editor-token" content="([\w-]{40,})">/.exec(editorPage)?.[1];
    expect(token).toBeDefined();
    const save = (headers: Record<string, string>) =>
      fetch(`${base}/__joinery/api/save`, { method: 'POST', body, headers });
    const cross = await save({ origin: 'http://evil.example', 'content-type': 'text/plain' });
    expect(cross.status).toBe(403);
    expect((await cross.json()).message).toMatch(/^Refused: the editor API answers only the editor's own pages/);
    expect((await save({ origin: base, 'content-type': 'text/plain', 'x-joinery-editor-token': token! })).status).toBe(
      403,
    );
    const noToken = await save({ origin: base, 'content-type': 'application/json' });
    expect(noToken.status).toBe(403);
    expect((await noToken.json()).message).toMatch(/needs the editor's token/);
    expect(readFileSync(file).equals(before)).toBe(true);
    try {
      const ok = await save({ origin: base, 'content-type': 'application/json', 'x-joinery-editor-token': token! });
      expect(ok.status).toBe(200);
      expect(readFileSync(file, 'utf8')).toContain('"title": "Rewritten"');
    } finally {
      await edit('pages/about-us.json', before.toString('utf8'));
    }
  });

  it('serves an SVG sandboxed, so that opened on its own it runs nothing', async () => {
    const r = await fetch(`${base}/images/door-shaker-black.svg`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    expect(r.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
  });
});
