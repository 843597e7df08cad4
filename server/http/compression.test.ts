import { Hono } from 'hono';
import { gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressible, compressText } from './compression.ts';

const site = ['br', 'gzip'] as const;

describe('acceptedEncoding', () => {
  it('takes the candidate accepted most, the earlier one on a tie', () => {
    expect(acceptedEncoding('gzip, deflate, br', site)).toBe('br');
    expect(acceptedEncoding('br;q=0.5, gzip', site)).toBe('gzip');
    expect(acceptedEncoding('GZIP, deflate', ['gzip', 'deflate'])).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0.2, deflate;q=0.8', ['gzip', 'deflate'])).toBe('deflate');
  });

  it('counts * for the candidates it does not name', () => {
    expect(acceptedEncoding('*', site)).toBe('br');
    expect(acceptedEncoding('br;q=0, *;q=0.5', site)).toBe('gzip');
  });

  it('gives none without a header, for identity only, or when every candidate has q=0', () => {
    for (const header of [undefined, '', 'identity', 'br;q=0, gzip;q=0', 'zstd'])
      expect(acceptedEncoding(header, site), String(header)).toBeUndefined();
  });
});

describe('compressible', () => {
  it('takes text types of 1 kB or more, not images or smaller text', () => {
    expect(compressible('application/json', 1024)).toBe(true);
    expect(compressible('text/javascript; charset=utf-8', 50_000)).toBe(true);
    expect(compressible('application/json', 1023)).toBe(false);
    expect(compressible('image/webp', 50_000)).toBe(false);
  });
});

const big = { items: Array.from({ length: 60 }, (_, i) => ({ sku: `SKU-${i}`, name: 'Shaker door, pure white' })) };
const app = new Hono();
app.use('*', compressText());
app.get('/big', (c) => c.json(big));
app.get('/small', (c) => c.json({ id: 'tok_1', ok: true }));
app.get('/tagged', (c) => c.json(big, 200, { ETag: '"v1"' }));
app.get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));
app.get('/encoded', (c) =>
  c.body(new Uint8Array(2000), 200, { 'Content-Type': 'text/javascript', 'Content-Encoding': 'br' }),
);
app.get('/image', (c) => c.body(new Uint8Array(4000), 200, { 'Content-Type': 'image/png' }));

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('compressText', () => {
  it('gzips a JSON answer of 1 kB or more for a client that takes gzip, with its length and Vary', async () => {
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(gunzipSync(body).toString())).toEqual(big);
  });

  it('deflates for a client that takes only deflate', async () => {
    const res = await get('/big', 'deflate, gzip;q=0');
    expect(res.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(await bytes(res)).toString())).toEqual(big);
  });

  it('sends the answer as it is to a client that takes neither, saying it depends on the header', async () => {
    for (const accept of [undefined, 'identity', 'br', 'gzip;q=0, deflate;q=0']) {
      const res = await get('/big', accept);
      expect(res.headers.get('content-encoding'), accept).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(await res.json()).toEqual(big);
    }
  });

  it('leaves an answer under 1 kB as it is: compressing would make it larger', async () => {
    const res = await get('/small', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ id: 'tok_1', ok: true });
  });

  it('makes a strong ETag weak when it compresses', async () => {
    expect((await get('/tagged', 'gzip')).headers.get('etag')).toBe('W/"v1"');
  });

  it('leaves alone HEAD, no-transform, already encoded files and images', async () => {
    expect((await get('/big', 'gzip', 'HEAD')).headers.get('content-encoding')).toBeNull();
    expect((await get('/no-transform', 'gzip')).headers.get('content-encoding')).toBeNull();
    const encoded = await get('/encoded', 'gzip');
    expect(encoded.headers.get('content-encoding')).toBe('br');
    expect((await bytes(encoded)).length).toBe(2000);
    const image = await get('/image', 'gzip');
    expect(image.headers.get('content-encoding')).toBeNull();
    expect((await bytes(image)).length).toBe(4000);
  });
});
