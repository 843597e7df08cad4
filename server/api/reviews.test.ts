import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';

let t: TestServer;
let site: TempDir;
afterEach(async () => {
  await t?.close();
  site?.cleanup();
});

const review = (id: string, rating: number, date: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Reviewer ${id}`,
  rating,
  platform: 'Google',
  location: 'Columbus, OH',
  reviewText: `Review ${id}`,
  date,
  ...extra,
});

function writeReviews(content: unknown) {
  mkdirSync(site.join('data'), { recursive: true });
  writeFileSync(site.join('data/reviews.json'), typeof content === 'string' ? content : JSON.stringify(content));
}

async function get(path: string) {
  const res = await t.app.request(path);
  return { status: res.status, body: await res.json() };
}

describe('GET /api/reviews', () => {
  it('serves the site review data as the review service shapes', async () => {
    site = tempDir('joinery-reviews-');
    writeReviews({
      reviews: [
        review('a', 5, '2024-01-10'),
        review('b', 4.5, '2024-03-02', { platform: 'Houzz' }),
        review('c', 4, '2023-12-31'),
      ],
    });
    t = await createTestServer({ siteDir: site.path, dist: false });
    expect(await get('/api/reviews/birdeye')).toEqual({
      status: 200,
      body: [
        {
          reviewId: 'b',
          rating: 4.5,
          reviewer: { nickName: 'Reviewer b' },
          rdate: Date.UTC(2024, 2, 2),
          comments: 'Review b',
          sourceType: 'Houzz',
        },
        {
          reviewId: 'a',
          rating: 5,
          reviewer: { nickName: 'Reviewer a' },
          rdate: Date.UTC(2024, 0, 10),
          comments: 'Review a',
          sourceType: 'Google',
        },
        {
          reviewId: 'c',
          rating: 4,
          reviewer: { nickName: 'Reviewer c' },
          rdate: Date.UTC(2023, 11, 31),
          comments: 'Review c',
          sourceType: 'Google',
        },
      ],
    });
    expect(await get('/api/reviews/summary')).toEqual({ status: 200, body: { avgRating: 4.5, reviewCount: 3 } });
  });

  it('reads the file again when it changes, and skips malformed entries', async () => {
    site = tempDir('joinery-reviews-');
    writeReviews({ reviews: [review('a', 5, '2024-01-10')] });
    const log = memoryLogger();
    t = await createTestServer({ siteDir: site.path, dist: false, log });
    expect((await get('/api/reviews/summary')).body).toEqual({ avgRating: 5, reviewCount: 1 });
    writeReviews({
      reviews: [review('a', 5, '2024-01-10'), review('b', 3, '2024-01-11'), { id: 'broken', rating: 9 }],
    });
    utimesSync(site.join('data/reviews.json'), new Date(), new Date(Date.now() + 5000));
    expect((await get('/api/reviews/summary')).body).toEqual({ avgRating: 4, reviewCount: 2 });
    expect((await get('/api/reviews/birdeye')).body).toHaveLength(2);
    expect(log.lines.filter((l) => l.level === 'warn' && l.message.includes('skipped 1 malformed entry'))).toHaveLength(
      1,
    );
  });

  it('gives an empty list, never a 500, when the data is missing or broken', async () => {
    site = tempDir('joinery-reviews-');
    const log = memoryLogger();
    t = await createTestServer({ siteDir: site.path, dist: false, log });
    expect(await get('/api/reviews/birdeye')).toEqual({ status: 200, body: [] });
    expect(await get('/api/reviews/summary')).toEqual({ status: 200, body: [] });
    writeReviews('{ "reviews": [ oops');
    expect(await get('/api/reviews/birdeye')).toEqual({ status: 200, body: [] });
    expect(await get('/api/reviews/summary')).toEqual({ status: 200, body: [] });
    writeReviews({ notReviews: true });
    utimesSync(site.join('data/reviews.json'), new Date(), new Date(Date.now() + 5000));
    expect(await get('/api/reviews/summary')).toEqual({ status: 200, body: [] });
    expect(log.lines.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([
      expect.stringContaining('ENOENT'),
      expect.stringContaining('JSON'),
      expect.stringContaining('no "reviews" list'),
    ]);
  });

  it('serves the shop’s own reviews', async () => {
    const siteDir = join(import.meta.dirname, '../../site-config');
    t = await createTestServer({ siteDir, dist: false });
    const file = JSON.parse(readFileSync(join(siteDir, 'data/reviews.json'), 'utf8')) as {
      reviews: { rating: number }[];
    };
    const { body } = await get('/api/reviews/summary');
    expect(body.reviewCount).toBe(file.reviews.length);
    expect(body.avgRating).toBeCloseTo(file.reviews.reduce((s, r) => s + r.rating, 0) / file.reviews.length, 1);
    expect((await get('/api/reviews/birdeye')).body).toHaveLength(file.reviews.length);
  });
});
