/**
 * URLs of catalogue pages, from the shop's routes.json: the path patterns of the collection
 * routes expanded from the styles and the sub-categories ("/products/{category}/{subcategory}/{slug}"),
 * so a shop names its own catalogue paths.
 */
import { fileValue, type Site } from '../content/load-site.ts';
import { fillTemplate, type RoutesFile } from '../routes/route-table.ts';
import type { Style } from './types.ts';

/** The `source` of the collection routes the catalogue's pages expand from. */
export const STYLES_SOURCE = 'catalogs/product-styles.json#/styles';
export const SUBCATEGORIES_SOURCE = 'catalogs/product-categories.json#/subcategories';

export class CatalogueRoutesError extends Error {}

export interface CatalogueUrls {
  /** The style's page; throws CatalogueRoutesError when routes.json has no styles collection. */
  style(s: Pick<Style, 'category' | 'subcategory' | 'slug'>): string;
  /** The sub-category's listing page; undefined when routes.json has no sub-categories collection. */
  subcategory(category: string, subcategory: string): string | undefined;
}

/** From collection path patterns (a sub-category item has `category` and `slug`). */
export function catalogueUrlsOf(patterns: { style?: string; subcategory?: string }): CatalogueUrls {
  return {
    style(s) {
      if (!patterns.style)
        throw new CatalogueRoutesError(`routes.json has no collection route expanded from ${STYLES_SOURCE}`);
      return fillTemplate(patterns.style, s);
    },
    subcategory: (category, slug) =>
      patterns.subcategory ? fillTemplate(patterns.subcategory, { category, slug }) : undefined,
  };
}

export function catalogueUrls(site: Site): CatalogueUrls {
  const collections = fileValue<RoutesFile>(site, 'routes.json')?.collections ?? [];
  const pattern = (source: string) => collections.find((c) => c.source === source)?.path;
  return catalogueUrlsOf({ style: pattern(STYLES_SOURCE), subcategory: pattern(SUBCATEGORIES_SOURCE) });
}
