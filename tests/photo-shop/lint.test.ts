/**
 * The photo copy of the shop lints clean of the photo rules: its 3,000-4,000 px photographs fill
 * every slot, keep their subject in every crop, stay under the size limit and are all used; and
 * the rules do see them (a copy whose photos are small is told so).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSite } from '../../cli/lint/run.ts';
import imageAspect from '../../cli/lint/rules/image-aspect.ts';
import imageTooLarge from '../../cli/lint/rules/image-too-large.ts';
import imageTooSmall from '../../cli/lint/rules/image-too-small.ts';
import imageUnused from '../../cli/lint/rules/image-unused.ts';
import { ROOT } from '../../cli/paths.ts';
import { makePhotoShop, type PhotoShop } from './make-photo-shop.ts';

const root = mkdtempSync(join(tmpdir(), 'photo-shop-lint-'));
const rules = [imageTooSmall, imageTooLarge, imageUnused, imageAspect];
let shop: PhotoShop;

beforeAll(async () => {
  shop = await makePhotoShop(
    join(ROOT, 'site-config'),
    join(root, 'site'),
    join(ROOT, 'node_modules', '.cache', 'joinery', 'photo-shop'),
  );
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the photo copy of the shop', () => {
  it('has no photo too small, cropped too much, too large or unused', () => {
    expect(shop.replaced).toBeGreaterThan(100);
    expect(lintSite(shop.siteDir, { rules }).findings).toEqual([]);
  });

  it('is told where a photo is too small once one is', async () => {
    const photo = join(shop.siteDir, 'images', 'photos', '4000x1600-1.jpg');
    await sharp({ create: { width: 800, height: 320, channels: 3, background: '#605040' } })
      .jpeg()
      .toFile(photo);
    const small = lintSite(shop.siteDir, { rules }).findings.filter((f) => f.ruleId === 'image-too-small');
    expect(small.length).toBeGreaterThan(0);
    for (const f of small)
      expect(f.message).toMatch(
        /^photo "\/images\/photos\/4000x1600-1\.jpg" is 800 px wide, but the \w[\w-]* block shows it up to \d+ px wide/,
      );
  });
});
