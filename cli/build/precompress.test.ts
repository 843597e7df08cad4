import { existsSync, readFileSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../server/testing/index.ts';
import { precompressAssets } from './precompress.ts';

const dir = tempDir('joinery-precompress-');
afterAll(() => dir.cleanup());

describe('precompressAssets', () => {
  it('writes a brotli copy of each script and style of 1 kB or more, and only of those', async () => {
    const assets = dir.join('assets');
    mkdirSync(join(assets, 'images'), { recursive: true });
    const js = Array.from({ length: 200 }, (_, i) => `console.log("row ${i}");`).join('\n');
    writeFileSync(join(assets, 'entry-1.js'), js);
    writeFileSync(join(assets, 'style-1.css'), '.a{color:red}\n'.repeat(100));
    writeFileSync(
      join(assets, 'images', 'door-1.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(200)}</svg>`,
    );
    writeFileSync(join(assets, 'tiny-1.js'), 'export{}');
    writeFileSync(join(assets, 'images', 'photo-1.png'), Buffer.alloc(4096, 1));
    expect(await precompressAssets(assets)).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(assets, 'entry-1.js.br'))).toString()).toBe(js);
    expect(existsSync(join(assets, 'style-1.css.br'))).toBe(true);
    expect(existsSync(join(assets, 'images', 'door-1.svg.br'))).toBe(false);
    expect(existsSync(join(assets, 'tiny-1.js.br'))).toBe(false);
    expect(existsSync(join(assets, 'images', 'photo-1.png.br'))).toBe(false);
  });

  it('keeps a copy at least as new as its file and writes an outdated one again', async () => {
    const assets = dir.join('assets');
    expect(await precompressAssets(assets)).toBe(0);
    const js = join(assets, 'entry-1.js');
    writeFileSync(js, 'console.log("changed");\n'.repeat(100));
    const later = new Date(Date.now() + 60_000);
    utimesSync(js, later, later);
    expect(await precompressAssets(assets)).toBe(1);
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toContain('changed');
  });
});
