/**
 * Originals' sizes for the lint: read from the header, upright after EXIF rotation, read again
 * once the file changes; and no image library is loaded to lint a site of drawings only.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';
import { originalFacts } from './image-facts.ts';

const site = mkdtempSync(join(tmpdir(), 'image-facts-'));
afterAll(() => rmSync(site, { recursive: true, force: true }));
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#705030' } });

describe('originalFacts', () => {
  it('gives the upright size and bytes of a raster original, and nothing for a drawing or a missing file', async () => {
    mkdirSync(join(site, 'images', 'rooms'), { recursive: true });
    const turned = await flat(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    writeFileSync(join(site, 'images', 'rooms', 'a b.jpg'), turned);
    expect(originalFacts(site, '/images/rooms/a%20b.jpg')).toEqual({
      rel: 'images/rooms/a b.jpg',
      bytes: turned.length,
      width: 200,
      height: 300,
    });
    writeFileSync(join(site, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(originalFacts(site, '/images/logo.svg')).toBeUndefined();
    expect(originalFacts(site, '/images/none.jpg')).toBeUndefined();
    expect(originalFacts(site, '/images/../../etc/passwd.png')).toBeUndefined();
  });

  it('reads a file again once its size or time changes', async () => {
    const file = join(site, 'images', 'swatch.png');
    writeFileSync(file, await flat(40, 30).png().toBuffer());
    expect(originalFacts(site, '/images/swatch.png')).toMatchObject({ width: 40, height: 30 });
    writeFileSync(file, await flat(80, 20).png().toBuffer());
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(originalFacts(site, '/images/swatch.png')).toMatchObject({ width: 80, height: 20 });
  });
});

describe('linting a site of drawings only', () => {
  it('loads neither sharp nor image-size', () => {
    // sharp is known by its native addon, image-size by its module.
    const script = [
      'const opened = [];',
      'const dlopen = process.dlopen;',
      'process.dlopen = (m, f, ...rest) => { opened.push(f); return dlopen.call(process, m, f, ...rest); };',
      "const { lintSite } = await import('./cli/lint/run.ts');",
      "const { createRequire } = await import('node:module');",
      "const r = lintSite('site-config');",
      'const loaded = [...opened, ...Object.keys(createRequire(import.meta.url).cache)].filter((k) => /sharp|image-size/.test(k));',
      'console.log(JSON.stringify({ errors: r.errors, loaded }));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({ errors: 0, loaded: [] });
  }, 60_000);
});
