/**
 * Sample items: the cart line derived from a style's sample (spec "Sample cart item"), and a
 * SKU lookup over the catalogue.
 */
import { processedUrl } from '../images/sizes.ts';
import { findFinish } from './finishes.ts';
import { roundMoney } from './price.ts';
import type { Sample, Style } from './types.ts';

export interface SampleCartItem {
  sku: string;
  name: string;
  styleTitle: string;
  styleName: string;
  price: number;
  qty: number;
  /** Pounds, for shipping. */
  weight: number;
  isSample: true;
  finish: {
    type: string;
    label: string;
    value: string;
    image: { src: string; processedUrls: { medium: string } };
  };
  images: { src: string; altText: string; processedUrls: { cart: string } }[];
}

export class UnknownSampleFinishError extends Error {}

/**
 * The cart line for one sample of a style. Its image is the finish's door (its thumbnail for
 * the cart) or, without a door image, the finish swatch. Throws when the sample names a finish
 * the style does not have (the catalogue-integrity lint rule reports that case).
 */
export function sampleCartItem(style: Pick<Style, 'name' | 'title' | 'finishes'>, sample: Sample): SampleCartItem {
  const ref = findFinish(style, sample.finish.type, sample.finish.value);
  if (!ref)
    throw new UnknownSampleFinishError(
      `sample ${sample.sku}: style "${style.name}" has no finish ${sample.finish.type}=${sample.finish.value}`,
    );
  const { item } = ref;
  const picture = item.doorImage
    ? {
        src: item.doorImage.src,
        altText: item.doorImage.alt,
        processedUrls: { cart: processedUrl(item.doorImage, 'thumbnail') },
      }
    : { src: item.image.src, altText: item.image.alt, processedUrls: { cart: processedUrl(item.image, 'cart') } };
  return {
    sku: sample.sku,
    name: sample.name,
    styleTitle: style.title,
    styleName: style.name,
    price: roundMoney(sample.price),
    qty: 1,
    weight: sample.weight,
    isSample: true,
    finish: {
      type: ref.group.name,
      label: item.label,
      value: item.value,
      image: { src: item.image.src, processedUrls: { medium: processedUrl(item.image, 'medium') } },
    },
    images: [picture],
  };
}

export interface SampleEntry {
  style: Style;
  sample: Sample;
}

/** Every sample of the catalogue by SKU (the first one wins if a SKU repeats; lint reports repeats). */
export function indexSamples(styles: readonly Style[]): Map<string, SampleEntry> {
  const map = new Map<string, SampleEntry>();
  for (const style of styles)
    for (const sample of style.samples) if (!map.has(sample.sku)) map.set(sample.sku, { style, sample });
  return map;
}
