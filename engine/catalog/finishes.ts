/**
 * Finish lookup and the style page's `?type={finish name}&value={finish value}` selection.
 */
import type { FinishGroup, FinishItem, Style } from './types.ts';

export interface FinishRef {
  group: FinishGroup;
  item: FinishItem;
}

type HasFinishes = Pick<Style, 'finishes'>;

/** The finish named by a group name (`type`) and an item value, or undefined. */
export function findFinish(style: HasFinishes, type: string, value: string): FinishRef | undefined {
  const group = style.finishes.find((g) => g.name === type);
  const item = group?.items.find((i) => i.value === value);
  return group && item ? { group, item } : undefined;
}

/** The first finish of the style (the default selection), or undefined when it has none. */
export function defaultFinish(style: HasFinishes): FinishRef | undefined {
  const group = style.finishes[0];
  return group ? { group, item: group.items[0] } : undefined;
}

/**
 * The finish chosen by a query string (`?type=paint&value=pure-white`), falling back to the
 * default finish when the parameters are missing or name no finish of this style.
 */
export function selectedFinish(style: HasFinishes, search: string | URLSearchParams): FinishRef | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = params.get('type');
  const value = params.get('value');
  return (type && value ? findFinish(style, type, value) : undefined) ?? defaultFinish(style);
}

/** The query string that selects a finish: "type=paint&value=pure-white". */
export function finishQuery(type: string, value: string): string {
  return new URLSearchParams({ type, value }).toString();
}

/** A sample as a finish names it: the finish it shows. */
interface FinishedSample {
  finish: { type: string; value: string };
}

/**
 * The sample that shows a finish: the style's own sample of it, else the sku another style sells
 * it under (the finish item's `sample`), else undefined (the finish has no sample to order).
 * Without a finish in view, the style's first sample.
 */
export function finishSample<S extends FinishedSample>(
  ref: FinishRef | undefined,
  samples: readonly S[] | undefined,
): { own: S } | { sku: string } | undefined {
  if (!ref) return samples?.[0] ? { own: samples[0] } : undefined;
  const own = samples?.find((s) => s.finish.type === ref.group.name && s.finish.value === ref.item.value);
  if (own) return { own };
  return ref.item.sample ? { sku: ref.item.sample } : undefined;
}
