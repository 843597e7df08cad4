/**
 * Catalogue integrity: what the JSON Schema cannot see. Returns problems with JSON Pointers into
 * the catalogue file, for the catalogue-integrity lint rule.
 */
import { findFinish } from './finishes.ts';
import type { ProductStylesFile } from './types.ts';
import type { CatalogueUrls } from './urls.ts';

export type CatalogueProblemCode =
  | 'duplicate-sku'
  | 'unknown-sample-finish'
  | 'unknown-finish-sample'
  | 'finish-without-image'
  | 'duplicate-finish'
  | 'duplicate-style'
  | 'missing-category-route';

export interface CatalogueProblem {
  code: CatalogueProblemCode;
  pointer: string;
  message: string;
}

export interface CatalogueCheckOptions {
  /** The shop's catalogue paths (routes.json collections); without them paths are not checked. */
  urls?: CatalogueUrls;
  /** When given, each style's sub-category listing route (routes.json's sub-categories pattern) must exist. */
  routeExists?: (path: string) => boolean;
}

export function checkCatalogue(file: ProductStylesFile, opts: CatalogueCheckOptions = {}): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const skus = new Map<string, string>();
  const paths = new Map<string, string>();
  const styles = Array.isArray(file?.styles) ? file.styles : [];
  const sold = new Set(styles.flatMap((s) => (s.samples ?? []).map((x) => x.sku)));
  styles.forEach((style, i) => {
    const at = `/styles/${i}`;
    const path = opts.urls?.style(style);
    const firstPath = path === undefined ? undefined : paths.get(path);
    if (firstPath)
      problems.push({
        code: 'duplicate-style',
        pointer: `${at}/slug`,
        message: `style path "${path}" is also used by ${firstPath}`,
      });
    else if (path !== undefined) paths.set(path, at);

    const listing = opts.urls?.subcategory(style.category, style.subcategory);
    if (listing !== undefined && opts.routeExists && !opts.routeExists(listing))
      problems.push({
        code: 'missing-category-route',
        pointer: `${at}/subcategory`,
        message: `style "${style.name}" is in "${listing}", which is not a route`,
      });

    (style.finishes ?? []).forEach((group, g) => {
      if (style.finishes.findIndex((x) => x.name === group.name) !== g)
        problems.push({
          code: 'duplicate-finish',
          pointer: `${at}/finishes/${g}/name`,
          message: `finish group "${group.name}" appears twice in style "${style.name}"`,
        });
      (group.items ?? []).forEach((item, k) => {
        const ip = `${at}/finishes/${g}/items/${k}`;
        if (!item.image?.src)
          problems.push({
            code: 'finish-without-image',
            pointer: ip,
            message: `finish "${item.label ?? item.value}" of style "${style.name}" has no image`,
          });
        if (item.sample && !sold.has(item.sample))
          problems.push({
            code: 'unknown-finish-sample',
            pointer: `${ip}/sample`,
            message: `finish "${item.label ?? item.value}" of style "${style.name}" names sample "${item.sample}", which no style sells`,
          });
        if (group.items.findIndex((x) => x.value === item.value) !== k)
          problems.push({
            code: 'duplicate-finish',
            pointer: `${ip}/value`,
            message: `finish value "${item.value}" appears twice in group "${group.name}" of style "${style.name}"`,
          });
      });
    });

    (style.samples ?? []).forEach((sample, k) => {
      const sp = `${at}/samples/${k}`;
      const first = skus.get(sample.sku);
      if (first)
        problems.push({
          code: 'duplicate-sku',
          pointer: `${sp}/sku`,
          message: `sku "${sample.sku}" is also used at ${first}`,
        });
      else skus.set(sample.sku, sp);
      if (!findFinish(style, sample.finish?.type, sample.finish?.value))
        problems.push({
          code: 'unknown-sample-finish',
          pointer: `${sp}/finish`,
          message: `sample "${sample.sku}" names finish ${sample.finish?.type}=${sample.finish?.value}, which style "${style.name}" does not have`,
        });
    });
  });
  return problems;
}
