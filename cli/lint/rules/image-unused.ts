/**
 * A photo (raster original) under images/ that no content file names: no page, block, data file
 * or catalogue uses it, yet every build encodes it. Reported at the file itself.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { RASTER_IMAGE } from '../../../engine/images/sizes.ts';
import { IMAGE_PATH } from '../../../engine/prerender/content-images.ts';
import type { LintContext } from '../context.ts';
import { defineRule } from '../rule.ts';
import { forEachStringIn } from '../walk.ts';

function rasterFiles(imagesDir: string): string[] {
  try {
    return readdirSync(imagesDir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && RASTER_IMAGE.test(e.name))
      .map((e) => relative(imagesDir, join(e.parentPath, e.name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

export default defineRule({
  meta: {
    code: 'image-unused',
    name: 'Unused photo',
    severity: 'warning',
    docs: {
      description:
        'A raster image under images/ that no page, block, data file or catalogue uses: delete it or use it.',
      url: 'docs/rules/image-unused.md',
    },
  },
  inputs: ['all', 'images'],
  check(ctx: LintContext) {
    const files = rasterFiles(join(ctx.site.dir, 'images')).sort();
    if (!files.length) return;
    const named = new Set<string>();
    for (const f of ctx.site.files.values())
      forEachStringIn(f, (s) => {
        if (!s.includes('/images/')) return;
        for (const [path] of s.matchAll(IMAGE_PATH)) {
          const plain = path.split(/[?#]/)[0]!;
          named.add(plain);
          try {
            named.add(decodeURIComponent(plain));
          } catch {}
        }
      });
    for (const rel of files) {
      const url = `/images/${rel}`;
      if (named.has(url)) continue;
      ctx.report({
        file: `images/${rel}`,
        pointer: '',
        message: `photo "${url}" is used by no page, block, data file or catalogue: delete it, or use it`,
      });
    }
  },
});
