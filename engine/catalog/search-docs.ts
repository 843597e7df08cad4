/** Search documents for the catalogue's styles. */
import type { SearchDoc } from '../search/types.ts';
import type { Style } from './types.ts';
import type { CatalogueUrls } from './urls.ts';

/**
 * One document per style: its name and title, its short and long descriptions, and as SKUs the
 * style code and every sample SKU, so "cnsbv" or "AW-SD-AW" finds the style.
 */
export function styleSearchDocs(styles: readonly Style[], urls: CatalogueUrls): SearchDoc[] {
  return styles.map((s) => {
    const url = urls.style(s);
    return {
      id: `style:${url}`,
      url,
      kind: 'style',
      name: s.name,
      title: s.title,
      description: `${s.shortDescription} ${s.description}`,
      sku: [s.code, ...s.samples.map((x) => x.sku)],
    };
  });
}
