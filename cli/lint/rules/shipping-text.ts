/**
 * A price or a delivery time that a text states next to a shipping method's name and the method's
 * data contradicts. In every string of every content file, a sentence that names a method (its
 * displayName, or "<type> shipping") gives each figure to the name before it (the first name
 * when none is): a price must be one of the method's rates, range starts or ends; a business-day
 * figure must be its `days` ("4 to 7 business days", or one figure when min is max). In
 * data/shipping-methods.json a method's own description and entry labels speak of that method.
 */
import { deliveryDaysText, methodPriceText, type ShippingMethod, toCents } from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { positionInString } from '../positions.ts';
import { defineRule } from '../rule.ts';
import { SHIPPING_FILE, shippingMethods } from '../shipping.ts';
import { isObj, list } from '../values.ts';
import { forEachStringIn } from '../walk.ts';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const NUMBER = `\\d+|${WORDS.join('|')}`;
const DAYS = new RegExp(`\\b(${NUMBER})(?:\\s*(?:to|-|–|—)\\s*(${NUMBER}))?[\\s-]+business[\\s-]+days?\\b`, 'gi');
const PRICE = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?![\d,])/g;
/** The sentences of a text with their offsets: one ends at . ! ? before a space or the end, or at a line break. */
function sentences(s: string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  let from = 0;
  for (const m of s.matchAll(/[.!?](?=\s|$)|\n/g)) {
    const end = m.index + m[0].length;
    out.push({ at: from, text: s.slice(from, end) });
    from = end;
  }
  if (from < s.length) out.push({ at: from, text: s.slice(from) });
  return out;
}

type MoneyFormat = NonNullable<Parameters<typeof methodPriceText>[1]>;

/** Where `needle` starts in `text`, every time. */
function offsetsOf(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

const numberOf = (s: string) => (/^\d+$/.test(s) ? Number(s) : WORDS.indexOf(s.toLowerCase()));

interface Named {
  method: ShippingMethod;
  /** Lower-case names a text may call it by. */
  names: string[];
  /** Every amount its data states, in cents. */
  amounts: Set<number>;
}

function named(method: ShippingMethod): Named {
  const amounts = new Set<number>();
  for (const e of list(method.rates)) {
    if (!isObj(e) || e.shippingDisabled) continue;
    if (typeof e.rate === 'number') amounts.add(toCents(e.rate));
    for (const r of list(e.ranges))
      if (isObj(r))
        for (const v of [r.start, r.end, r.rate]) if (typeof v === 'number' && v > 0) amounts.add(toCents(v));
  }
  const names = [method.displayName, `${method.type.replace(/-/g, ' ')} shipping`]
    .filter((n): n is string => typeof n === 'string' && n.trim().length > 0)
    .map((n) => n.toLowerCase());
  return { method, names: [...new Set(names)], amounts };
}

/** The site's money format (site.json currency and commerce.locale), USD in en-US by default. */
function moneyOf(ctx: LintContext): MoneyFormat {
  const site = ctx.value('site.json');
  const code = isObj(site) && typeof site.currency === 'string' ? site.currency : 'USD';
  const locale =
    isObj(site) && isObj(site.commerce) && typeof site.commerce.locale === 'string' ? site.commerce.locale : 'en-US';
  return { code, locale };
}

/** What the data says, for the message; a method whose rates cannot be read says nothing. */
function priceOf(method: ShippingMethod, money: MoneyFormat): string {
  try {
    return methodPriceText(method, money);
  } catch {
    return '';
  }
}

/** A method's days, or undefined when the data has none. */
function daysOf(method: ShippingMethod): { min: number; max: number } | undefined {
  const d = (method as { days?: unknown }).days;
  return isObj(d) && typeof d.min === 'number' && typeof d.max === 'number' ? { min: d.min, max: d.max } : undefined;
}

/** Figures in a sentence, each with its offset in the sentence. */
function figures(sentence: string) {
  const out: ({ at: number; text: string } & (
    | { kind: 'price'; cents: number }
    | { kind: 'days'; min: number; max: number }
  ))[] = [];
  for (const m of sentence.matchAll(PRICE))
    out.push({
      at: m.index,
      text: m[0],
      kind: 'price',
      cents: Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2] ?? 0),
    });
  for (const m of sentence.matchAll(DAYS)) {
    const min = numberOf(m[1]!);
    const max = m[2] === undefined ? min : numberOf(m[2]);
    out.push({ at: m.index, text: m[0], kind: 'days', min, max });
  }
  return out;
}

export default defineRule({
  meta: {
    code: 'shipping-text',
    name: 'Shipping text contradicts the data',
    severity: 'warning',
    docs: {
      description:
        "A text states a price or a number of business days next to a shipping method's name that the method's data (rates, days) does not have.",
      url: 'docs/rules/shipping-text.md',
    },
  },
  fileInputs: ['site', 'data'],
  checkFile(ctx, f) {
    const { found, methods, byIndex, money } = ctx.memo('shipping-text', () => {
      const found = shippingMethods(ctx);
      const methods = found.map(({ method }) => named(method));
      const byIndex = new Map(found.map(({ index }, i) => [index, methods[i]!]));
      return { found, methods, byIndex, money: moneyOf(ctx) };
    });
    if (!found.length || f.value === undefined) return;

    const checkSentence = (
      file: string,
      pointer: () => string,
      value: string,
      start: number,
      sentence: string,
      own?: Named,
    ) => {
      const lower = sentence.toLowerCase();
      const mentions = methods
        .flatMap((m) => m.names.flatMap((n) => offsetsOf(lower, n).map((at) => ({ m, at }))))
        .sort((a, b) => a.at - b.at);
      if (!mentions.length && !own) return;
      for (const f of figures(sentence)) {
        const owner = [...mentions].reverse().find((x) => x.at < f.at)?.m ?? mentions[0]?.m ?? own!;
        const { method } = owner;
        let says: string;
        if (f.kind === 'price') {
          if (owner.amounts.has(f.cents)) continue;
          says = priceOf(method, money) || 'no such rate';
        } else {
          const days = daysOf(method);
          if (!days || (days.min === f.min && days.max === f.max)) continue;
          says = deliveryDaysText(days);
        }
        const p = pointer();
        // The figure's own place in the file, found by the text before it (none when escaped).
        const needle = value.slice(0, start + f.at + f.text.length);
        const position = positionInString(ctx.site.files.get(file), p, needle, needle.length - f.text.length);
        ctx.report({
          file,
          pointer: p,
          message: `"${f.text}" next to "${method.displayName}" is not what ${SHIPPING_FILE} says: ${says}`,
          ...(position && { position }),
        });
      }
    };

    const isShipping = f.rel === SHIPPING_FILE;
    forEachStringIn(f, (s, key, pointer) => {
      if (key === '$schema' || key === '$data' || key === 'type') return;
      // In the methods file a description or an entry's label speaks of its own method.
      let own: Named | undefined;
      if (isShipping) {
        if (key !== 'description' && key !== 'label') return;
        const i = /^\/methods\/(\d+)\//.exec(pointer());
        own = i ? byIndex.get(Number(i[1])) : undefined;
      }
      if (!own) {
        const lower = s.toLowerCase();
        if (!methods.some((m) => m.names.some((n) => lower.includes(n)))) return;
      }
      for (const x of sentences(s)) checkSentence(f.rel, pointer, s, x.at, x.text, own);
    });
  },
});
