/** Thumbnail resolution against a local stand-in for the thumbnail host (real HTTP, no internet). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createThumbnailResolver, thumbnailResolverFromEnv, withThumbnail } from './youtube-thumbnails.ts';

let server: Server;
let host: string;
const seen: string[] = [];

beforeAll(async () => {
  // maxresdefault: 404 for every video; hqdefault: 200 except for "noHighOnly"; others 200.
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const url = req.url ?? '';
    const missing =
      url.endsWith('/maxresdefault.jpg') ||
      (url.includes('/noHighOnly/') && !url.endsWith('/default.jpg')) ||
      url.includes('/nothing4u00/');
    res.writeHead(missing ? 404 : 200, { 'content-type': 'image/jpeg' }).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('YouTube thumbnails at build time', () => {
  it('tries maxres, then high: 404 for maxres and 200 for hq gives hqdefault, with HEAD requests', async () => {
    seen.length = 0;
    const resolve = createThumbnailResolver({ host });
    expect(await resolve('Hl7cWallCab')).toBe(`${host}/vi/Hl7cWallCab/hqdefault.jpg`);
    expect(seen).toEqual(['HEAD /vi/Hl7cWallCab/maxresdefault.jpg', 'HEAD /vi/Hl7cWallCab/hqdefault.jpg']);
  });

  it('goes down to default, and uses default when no quality exists', async () => {
    const resolve = createThumbnailResolver({ host });
    expect(await resolve('noHighOnly')).toBe(`${host}/vi/noHighOnly/default.jpg`);
    expect(await resolve('nothing4u00')).toBe(`${host}/vi/nothing4u00/default.jpg`);
  });

  it('asks once per video id in a build', async () => {
    seen.length = 0;
    const resolve = createThumbnailResolver({ host });
    const [a, b] = await Promise.all([resolve('Hl7cWallCab'), resolve('Hl7cWallCab')]);
    expect(a).toBe(b);
    expect(await resolve('Hl7cWallCab')).toBe(a);
    expect(seen).toHaveLength(2);
    expect(resolve.requests).toBe(2);
  });

  it('an unreachable host: default at once, and the host is not asked again in this build', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadHost = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r())); // nothing listens there now
    const logs: string[] = [];
    const resolve = createThumbnailResolver({ host: deadHost, log: (l) => logs.push(l) });
    const t = performance.now();
    expect(await resolve('Hl7cWallCab')).toBe(`${deadHost}/vi/Hl7cWallCab/default.jpg`);
    expect(await resolve('Hl7cOtherId')).toBe(`${deadHost}/vi/Hl7cOtherId/default.jpg`);
    expect(resolve.requests).toBe(1);
    expect(resolve.hostReachable).toBe(false);
    expect(performance.now() - t).toBeLessThan(1500);
    expect(logs).toHaveLength(1);
    expect(logs).toEqual([
      `video thumbnails: ${deadHost} unreachable (ECONNREFUSED); using "default" thumbnails (VIDEO_THUMBNAIL_HOST=off builds offline without asking)`,
    ]);
  });

  it('VIDEO_THUMBNAIL_HOST=off: no request and no message, every video on its default thumbnail', async () => {
    seen.length = 0;
    vi.stubEnv('VIDEO_THUMBNAIL_HOST', 'off');
    const logs: string[] = [];
    const resolve = thumbnailResolverFromEnv((l) => logs.push(l));
    vi.unstubAllEnvs();
    expect(await resolve('Hl7cWallCab')).toBe('https://i.ytimg.com/vi/Hl7cWallCab/default.jpg');
    expect(resolve.requests).toBe(0);
    expect(logs).toEqual([]);
    // A host that answers is still asked when the variable names it.
    vi.stubEnv('VIDEO_THUMBNAIL_HOST', host);
    const asking = thumbnailResolverFromEnv((l) => logs.push(l));
    vi.unstubAllEnvs();
    expect(await asking('Hl7cWallCab')).toBe(`${host}/vi/Hl7cWallCab/hqdefault.jpg`);
    expect(seen).toHaveLength(2);
  });

  it('a host that does not answer: gives up after the time limit', async () => {
    const silent = createServer(() => {}); // accepts, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const resolve = createThumbnailResolver({
      host: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 200,
    });
    const t = performance.now();
    expect(await resolve('Hl7cWallCab')).toMatch(/\/vi\/Hl7cWallCab\/default\.jpg$/);
    expect(performance.now() - t).toBeLessThan(1000);
    expect(await resolve('Hl7cOtherId')).toMatch(/\/default\.jpg$/);
    expect(resolve.requests).toBe(1);
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('fills only YouTube videos without a thumbnail', async () => {
    const resolve = createThumbnailResolver({ host });
    expect(await withThumbnail({ videoUrl: 'https://youtu.be/Hl7cWallCab' }, resolve)).toEqual({
      videoUrl: 'https://youtu.be/Hl7cWallCab',
      thumbnail: `${host}/vi/Hl7cWallCab/hqdefault.jpg`,
    });
    expect(await withThumbnail({ videoUrl: 'https://youtu.be/Hl7cWallCab', thumbnail: '/own.svg' }, resolve)).toEqual({
      videoUrl: 'https://youtu.be/Hl7cWallCab',
      thumbnail: '/own.svg',
    });
    expect(await withThumbnail({ videoUrl: '/videos/a.mp4', videoType: 'file' }, resolve)).toEqual({
      videoUrl: '/videos/a.mp4',
      videoType: 'file',
    });
  });
});
