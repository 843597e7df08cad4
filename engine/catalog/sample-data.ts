/**
 * The catalogue data the browser needs for the sample cart, generated at build time as one
 * static JSON file (SAMPLE_DATA_URL) instead of being embedded in every page: every sample by
 * sku as its cart line (name, style, price, weight, finish label and swatch, door thumbnail),
 * and every style's sample skus by the style page's path. Pure; runs in Node.
 */
import { roundMoney } from './price.ts';
import { sampleCartItem, UnknownSampleFinishError, type SampleCartItem } from './samples.ts';
import type { Style } from './types.ts';
import type { CatalogueUrls } from './urls.ts';

/** Where the build writes the sample data (under dist/site) and the browser fetches it. */
export const SAMPLE_DATA_URL = '/data/samples.json';

/** One sample: its cart line (qty 1) and the path of its style's page. */
export type SampleRecord = SampleCartItem & { styleUrl: string };

export interface SampleDataStyle {
  name: string;
  title: string;
  /** Skus of the style's samples, in catalogue order. */
  skus: string[];
}

export interface SampleData {
  version: 1;
  /** By style page path ("/products/kitchen-cabinets/rta-kitchen-cabinets/aw"). */
  styles: Record<string, SampleDataStyle>;
  /** By sku. */
  samples: Record<string, SampleRecord>;
}

/**
 * The sample data of a catalogue. A style's skus are its own samples, then the samples other
 * styles sell of its finishes (a finish item's `sample`, such as an island accent colour), in
 * finish order; those keep their own style's cart line. A sample whose finish the style lacks,
 * or whose sku repeats, is left out, and so is a finish's sku no style sells (the
 * catalogue-integrity lint rule reports all three before a build).
 */
export function buildSampleData(styles: readonly Style[], urls: CatalogueUrls): SampleData {
  const data: SampleData = { version: 1, styles: {}, samples: {} };
  const entries = new Map<Style, SampleDataStyle>();
  for (const style of styles) {
    const url = urls.style(style);
    const entry: SampleDataStyle = { name: style.name, title: style.title, skus: [] };
    for (const sample of style.samples ?? []) {
      if (Object.hasOwn(data.samples, sample.sku)) continue;
      try {
        data.samples[sample.sku] = { ...sampleCartItem(style, sample), styleUrl: url };
        entry.skus.push(sample.sku);
      } catch (e) {
        if (!(e instanceof UnknownSampleFinishError)) throw e;
      }
    }
    if (!Object.hasOwn(data.styles, url)) {
      data.styles[url] = entry;
      entries.set(style, entry);
    }
  }
  // Once every style's own samples are known: the finishes they sell to other styles.
  for (const [style, entry] of entries)
    for (const group of style.finishes ?? [])
      for (const item of group.items)
        if (item.sample && Object.hasOwn(data.samples, item.sample) && !entry.skus.includes(item.sample))
          entry.skus.push(item.sample);
  return data;
}

/** Cart lines for stored items (in their order), and the stored items the data does not know. */
export function resolveSampleLines<T extends { sku: string; qty?: number }>(
  items: readonly T[],
  data: SampleData,
): { lines: SampleRecord[]; unknown: T[] } {
  const lines: SampleRecord[] = [];
  const unknown: T[] = [];
  for (const i of items) {
    const rec = Object.hasOwn(data.samples, i.sku) ? data.samples[i.sku] : undefined;
    if (rec) lines.push(i.qty === undefined ? rec : { ...rec, qty: i.qty });
    else unknown.push(i);
  }
  return { lines, unknown };
}

/** Sum of the lines' prices times their quantities, rounded to cents. Display only: the server recomputes every amount. */
export function sampleSubtotal(lines: readonly Pick<SampleRecord, 'price' | 'qty'>[]): number {
  return roundMoney(lines.reduce((sum, l) => sum + l.price * l.qty, 0));
}
