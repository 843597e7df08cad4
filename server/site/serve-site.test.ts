import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../listen.ts';
import { writeFakeDist } from '../testing/fake-dist.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from './send-file.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const get = (path: string, init?: RequestInit) => t.app.request(path, init);
const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];

describe('pages', () => {
  it('serves the home page and a nested page from their index.html, not cached', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
    expect(title(await home.text())).toBe('Home');
    const style = await get('/kitchen-cabinets/shaker-white');
    expect(title(await style.text())).toBe('Shaker White');
  });

  it('redirects a trailing slash with 301, keeping the query', async () => {
    const res = await get('/aboutus/?ref=mail');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/aboutus?ref=mail');
  });

  it('serves dynamic routes from their shells with 200', async () => {
    const unsub = await get('/unsubscribe/abc123');
    expect(unsub.status).toBe(200);
    expect(title(await unsub.text())).toBe('Unsubscribe');
    const verify = await get('/payment/sandbox/verify?session=1');
    expect(verify.status).toBe(200);
    expect(title(await verify.text())).toBe('Verify payment');
    // The static page beside the pattern still wins for its own path.
    expect(title(await (await get('/unsubscribe')).text())).toBe('Newsletter');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const path of [
      '/no-such-page',
      '/kitchen-cabinets/shaker-white/extra',
      '/payment/sandbox/other',
      '/_shells/404',
      '/_shells/unsubscribe/_unsubscribeToken',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(title(await res.text()), path).toBe('Page not found');
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await get('/aboutus', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
    expect((await get('/missing', { method: 'HEAD' })).status).toBe(404);
  });

  it('revalidates with the ETag: 304 when unchanged', async () => {
    const first = await get('/aboutus');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/aboutus', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('sends the 404 page for other methods on site paths', async () => {
    const res = await get('/aboutus', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(title(await res.text())).toBe('Page not found');
  });
});

describe('page data', () => {
  it('is in the page (the islands script), never a file of its own: page-data.json is the 404 page', async () => {
    for (const path of ['/aboutus/page-data.json', '/page-data.json', '/unsubscribe/abc123/page-data.json']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    }
  });
});

describe('files', () => {
  it('serves hashed assets as immutable', async () => {
    const res = await get('/assets/entry-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(CACHE_IMMUTABLE);
    expect(await res.text()).toBe('console.log("hydrate")');
    expect((await get('/assets/entry-abc123.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves images and robots.txt with a short cache, embeddable cross-origin', async () => {
    const img = await get('/images/door.svg');
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect(img.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(img.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await (await get('/robots.txt')).text()).toContain('Disallow: /api/');
  });

  it('sends text brotli-compressed to a browser that takes it, gzip to one that takes only gzip, plain to others', async () => {
    const js = '/assets/vendor-def456.js';
    const br = await get(js, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brotliDecompressSync(brBytes).toString()).toContain('row 199');

    const gz = await get(js, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('row 199');

    for (const accept of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const plain = await get(js, accept ? { headers: { 'Accept-Encoding': accept } } : undefined);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(await plain.text()).toContain('row 199');
    }
  });

  it('leaves small files and images as they are', async () => {
    const small = await get('/assets/entry-abc123.js', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log("hydrate")');
    expect(
      (await get('/images/door.svg', { headers: { 'Accept-Encoding': 'br, gzip' } })).headers.get('content-encoding'),
    ).toBeNull();
  });

  it('answers a missing asset with 404', async () => {
    expect((await get('/assets/entry-zzz.js')).status).toBe(404);
  });
});

describe('path traversal', () => {
  // URL parsing already folds "/../" and "/%2e%2e/" (that one becomes /secret.txt: 404); the raw
  // forms are checked in request-path.test.ts and over a real socket in listen.test.ts.
  it('never reaches a file outside dist/site', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2E%2E/%2e%2e/secret.txt']) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(await res.text()).not.toContain('outside the site folder');
    }
  });

  it.each([
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/..%5c..%5csecret.txt',
    '/index.html%00.js',
    '/%E0%A4%A',
  ])('refuses %s with 400 and no file content', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('outside the site folder');
  });

  it('does not serve hidden build files', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('build internals');
  });
});

describe('compressed pages', () => {
  const dir = tempDir('joinery-compressed-');
  const big = (title: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body>${'<p>Shaker doors in six finishes.</p>'.repeat(100)}</body></html>`;
  let c: TestServer;
  beforeAll(async () => {
    const dist = writeFakeDist(dir.join('dist'), {
      'site/styles/index.html': big('Styles'),
      'site/gone/index.html': big('Gone'),
      'site/images/photo.png': 'x'.repeat(4000),
      'site/assets/app-1.js': script('app'),
      'site/assets/old-1.js': script('old'),
    });
    // The build's brotli copies (cli/build/precompress.ts); old-1.js changed after its copy was made.
    writeFileSync(dir.join('dist', 'site', 'assets', 'app-1.js.br'), q11(script('app')));
    writeFileSync(dir.join('dist', 'site', 'assets', 'old-1.js.br'), q11(script('stale')));
    const later = new Date(Date.now() + 60_000);
    utimesSync(dir.join('dist', 'site', 'assets', 'old-1.js'), later, later);
    c = await createTestServer({ dist });
  });
  const script = (name: string) => Array.from({ length: 300 }, (_, i) => `console.log("${name} ${i}");`).join('\n');
  const q11 = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  afterAll(async () => {
    await c.close();
    dir.cleanup();
  });
  const brotli = async (path: string) => {
    const res = await c.app.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('sends a page compressed, the same bytes on every request', async () => {
    const first = await brotli('/styles');
    expect(first.res.headers.get('content-encoding')).toBe('br');
    expect(first.bytes.length).toBeLessThan(big('Styles').length / 10);
    expect(title(brotliDecompressSync(first.bytes).toString())).toBe('Styles');
    expect((await brotli('/styles')).bytes.equals(first.bytes)).toBe(true);
    const head = await c.app.request('/styles', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves images uncompressed, large or not', async () => {
    const png = await brotli('/images/photo.png');
    expect(png.res.headers.get('content-encoding')).toBeNull();
    expect(png.bytes.toString()).toBe('x'.repeat(4000));
  });

  it('sends the build’s brotli copy of a script as it is, unless the script is newer; gzip is still made here', async () => {
    const app = await brotli('/assets/app-1.js');
    expect(app.res.headers.get('content-encoding')).toBe('br');
    expect(app.bytes.equals(q11(script('app')))).toBe(true);
    expect(Number(app.res.headers.get('content-length'))).toBe(app.bytes.length);
    const old = await brotli('/assets/old-1.js');
    expect(brotliDecompressSync(old.bytes).toString()).toBe(script('old'));
    const gz = await c.app.request('/assets/app-1.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script('app'));
  });

  it('does not serve the brotli copies themselves', async () => {
    expect((await brotli('/assets/app-1.js.br')).res.status).toBe(404);
  });

  it('answers 404 for a page deleted since start', async () => {
    rmSync(dir.join('dist', 'site', 'gone', 'index.html'));
    expect((await brotli('/gone')).res.status).toBe(404);
  });
});

// Over a real socket, as `joinery start` serves them.
describe('over HTTP', () => {
  it('serves an SVG sandboxed: opened on its own it runs nothing', async () => {
    const srv = await listen(t.app, { port: 0, hostname: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${srv.port}/images/door.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    } finally {
      await srv.close();
    }
  });

  it('serves none of the editor of joinery dev: /__joinery/* is 404', async () => {
    const srv = await listen(t.app, { port: 0, hostname: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${srv.port}`;
      for (const path of ['/__joinery/edit?route=/aboutus', '/__joinery/api/page?route=/aboutus', '/__joinery/blocks'])
        expect((await fetch(`${base}${path}`)).status, path).toBe(404);
      const save = await fetch(`${base}/__joinery/api/save`, {
        method: 'POST',
        body: '{"files":{}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(save.status).toBe(404);
    } finally {
      await srv.close();
    }
  });
});
