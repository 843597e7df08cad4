/**
 * Makes the photo copy of the shop in SITE_DIR and builds it into OUT_DIR, printing the build's
 * lines (the image pipeline's summary among them):
 *   node --import tsx tests/photo-shop/build-photo-shop.ts SITE_DIR OUT_DIR
 * The end-to-end test of the photo copy and the bench run it.
 */
import { join } from 'node:path';
import { buildSite } from '../../cli/build/build-site.ts';
import { ROOT } from '../../cli/paths.ts';
import { makePhotoShop } from './make-photo-shop.ts';

const [siteDir, outDir] = process.argv.slice(2);
if (!siteDir || !outDir) throw new Error('usage: build-photo-shop.ts SITE_DIR OUT_DIR');
const shop = await makePhotoShop(
  join(ROOT, 'site-config'),
  siteDir,
  join(ROOT, 'node_modules', '.cache', 'joinery', 'photo-shop'),
);
console.log(
  `photo shop: ${shop.replaced} pictures -> ${shop.photos} JPEGs, ${(shop.bytes / 1e6).toFixed(1)} MB, ${shop.megapixels.toFixed(0)} MP`,
);
const result = await buildSite({ siteDir, outDir, log: (l) => console.log(`build: ${l}`) });
if (!result.ok) {
  console.error(`build stopped at ${result.stage}:`, result.findings.slice(0, 5));
  process.exit(1);
}
console.log(`build: ${result.pages} pages in ${result.seconds.toFixed(1)} s`);
