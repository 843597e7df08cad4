/** Search documents for the catalogue's styles. */
import type { SearchDoc } from '../search/types.ts';
import { findFinish } from './finishes.ts';
import type { Style } from './types.ts';
import type { CatalogueUrls } from './urls.ts';

/**
 * One document per style: its name and title, its short and long descriptions, as tags its
 * facet values (door style, colour family, material ...) and the finishes it has samples in
 * (the finishes it is made in, not the accents it is shown with), and as SKUs the style code
 * and every sample SKU, so "cnsbv" or "AW-SD-AW" finds the style.
 */
export function styleSearchDocs(styles: readonly Style[], urls: CatalogueUrls): SearchDoc[] {
  return styles.map((s) => {
    const url = urls.style(s);
    const finishes = s.samples.map((x) => findFinish(s, x.finish.type, x.finish.value)?.item.label);
    const tags = [...new Set([...Object.values(s.facets ?? {}).flat(), ...finishes].filter((t) => t !== undefined))];
    return {
      id: `style:${url}`,
      url,
      kind: 'style',
      name: s.name,
      title: s.title,
      description: `${s.shortDescription} ${s.description}`,
      tags,
      sku: [s.code, ...s.samples.map((x) => x.sku)],
    };
  });
}
