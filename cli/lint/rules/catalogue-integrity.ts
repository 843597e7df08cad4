/**
 * What the catalogue's schema cannot see (engine/catalog checkCatalogue): a sku used twice, a
 * sample whose finish is not among its style's finishes, a finish naming a sample no style
 * sells, a finish item without a swatch image, two styles on one path, and a style whose
 * category listing route does not exist.
 */
import { checkCatalogue } from '../../../engine/catalog/integrity.ts';
import type { ProductStylesFile } from '../../../engine/catalog/types.ts';
import { catalogueUrlsOf, STYLES_SOURCE, SUBCATEGORIES_SOURCE } from '../../../engine/catalog/urls.ts';
import type { RoutesFile } from '../../../engine/lint.ts';
import { pathOf } from '../links.ts';
import { defineRule } from '../rule.ts';

/** The catalogue file (the collection routes of the style pages expand from it). */
const CATALOGUE_FILE = 'catalogs/product-styles.json';

export default defineRule({
  meta: {
    code: 'catalogue-integrity',
    name: 'Inconsistent catalogue',
    severity: 'error',
    docs: {
      description:
        'Catalogue styles are consistent: unique skus, sample finishes the style has, samples a finish names that a style sells, finish images, and a listing route for each style.',
      url: 'docs/rules/catalogue-integrity.md',
    },
  },
  inputs: ['routes', 'data'],
  check(ctx) {
    const file = ctx.value<ProductStylesFile>(CATALOGUE_FILE);
    if (!file || !Array.isArray(file.styles)) return; // missing or malformed: other rules report it
    const routesFile = ctx.value<RoutesFile>('routes.json');
    const paths =
      routesFile === undefined ? undefined : new Set(ctx.routes.filter((r) => !r.dynamic).map((r) => pathOf(r.path)));
    const pattern = (source: string) => routesFile?.collections?.find((c) => c.source === source)?.path;
    const patterns = { style: pattern(STYLES_SOURCE), subcategory: pattern(SUBCATEGORIES_SOURCE) };
    let problems: ReturnType<typeof checkCatalogue>;
    try {
      problems = checkCatalogue(file, {
        ...(patterns.style && { urls: catalogueUrlsOf(patterns) }),
        ...(paths && { routeExists: (p: string) => paths.has(p) }),
      });
    } catch {
      return; // entries of the wrong shape: the schema rule reports them
    }
    for (const p of problems) ctx.report({ file: CATALOGUE_FILE, pointer: p.pointer, message: p.message });
  },
});
