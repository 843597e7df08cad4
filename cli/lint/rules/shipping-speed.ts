/**
 * A faster shipping method that costs less than a slower one for some cart and address: speed is
 * a method's `days.max` (business days to delivery); the rates are compared for every destination
 * a rate entry names and every sample cart size, at the least and the most such a cart can come to
 * and at each range boundary in between.
 */
import type { ShippingMethod } from '../../../engine/lint.ts';
import { defineRule } from '../rule.ts';
import { SHIPPING_FILE, dollars, rateCents, sampleCart, shippingMethods, subtotalBounds } from '../shipping.ts';
import { isObj, list } from '../values.ts';

interface Probe {
  countryId: string;
  state: string;
  zipCode: string;
}

/** An address each rate entry of these methods matches by its own first state and ZIP. */
function probes(methods: readonly ShippingMethod[]): Probe[] {
  const out = new Map<string, Probe>();
  for (const m of methods)
    for (const e of list(m.rates)) {
      if (!isObj(e)) continue;
      const state = list(e.states).find((s) => typeof s === 'string' && s !== '*');
      const zip = list(e.zipCodes).find((z) => typeof z === 'string' && z !== '*');
      const p = {
        countryId: typeof e.country === 'string' && e.country !== '*' ? e.country : 'US',
        state: typeof state === 'string' ? state : '',
        zipCode: typeof zip === 'string' ? zip.split('-')[0]! : '',
      };
      out.set(JSON.stringify(p), p);
    }
  return [...out.values()];
}

/** Every range boundary of an order-based method, in cents. */
const boundaries = (m: ShippingMethod): number[] =>
  list(m.rates).flatMap((e) =>
    list(isObj(e) ? e.ranges : undefined).flatMap((r) =>
      isObj(r)
        ? [r.start, r.end].filter((v): v is number => typeof v === 'number').map((v) => Math.round(v * 100))
        : [],
    ),
  );

const daysOf = (m: ShippingMethod): number | undefined => {
  const days = (m as { days?: { max?: unknown } }).days;
  return typeof days?.max === 'number' ? days.max : undefined;
};

const where = (p: Probe) => [p.state, p.zipCode].filter(Boolean).join(' ') || p.countryId;

export default defineRule({
  meta: {
    code: 'shipping-speed',
    name: 'Faster shipping for less',
    severity: 'warning',
    docs: {
      description:
        'A shipping method that arrives sooner (its days.max) costs less than a slower one for some sample cart and address.',
      url: 'docs/rules/shipping-speed.md',
    },
  },
  inputs: ['site', 'data'],
  check(ctx) {
    const cart = sampleCart(ctx);
    if (!cart) return;
    const timed = shippingMethods(ctx).filter(({ method }) => method.isEnabled && daysOf(method) !== undefined);
    for (const fast of timed)
      for (const slow of timed) {
        if (daysOf(fast.method)! >= daysOf(slow.method)!) continue;
        const pair = [fast.method, slow.method];
        const edges = [...boundaries(fast.method), ...boundaries(slow.method)];
        const found = (() => {
          for (let units = 1; units <= cart.maxUnits; units++) {
            const { min, max } = subtotalBounds(cart, units);
            const subtotals = [...new Set([min, max, ...edges.filter((e) => e > min && e < max)])];
            for (const at of probes(pair))
              for (const subtotal of subtotals) {
                const f = rateCents(fast.method, { subtotal, units }, at);
                const s = rateCents(slow.method, { subtotal, units }, at);
                if (f !== undefined && s !== undefined && f < s) return { units, subtotal, at, f, s };
              }
          }
          return undefined;
        })();
        if (!found) continue;
        ctx.report({
          file: SHIPPING_FILE,
          pointer: `/methods/${fast.index}/days/max`,
          message: `"${fast.method.type}" (${daysOf(fast.method)} business days at most) costs ${dollars(found.f)} for ${found.units} sample${found.units === 1 ? '' : 's'} (${dollars(found.subtotal)}) to ${where(found.at)}, less than the slower "${slow.method.type}" (${daysOf(slow.method)} days) at ${dollars(found.s)}`,
        });
      }
  },
});
