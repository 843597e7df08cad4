/**
 * An order-based shipping range that starts above what any sample cart can come to (a free
 * shipping threshold no shopper can reach): the catalogue's sample prices, at most
 * `commerce.cart.maxQuantity` of each and the order's line limit.
 */
import { defineRule } from '../rule.ts';
import { SHIPPING_FILE, dollars, largestCart, sampleCart, shippingMethods } from '../shipping.ts';
import { isObj, list } from '../values.ts';

export default defineRule({
  meta: {
    code: 'shipping-threshold',
    name: 'Unreachable shipping threshold',
    severity: 'warning',
    docs: {
      description:
        'An order-based shipping range (a free-shipping threshold) starts above the largest subtotal a sample cart can reach.',
      url: 'docs/rules/shipping-threshold.md',
    },
  },
  inputs: ['site', 'data'],
  check(ctx) {
    const cart = sampleCart(ctx);
    if (!cart) return;
    const largest = largestCart(cart);
    // Written only for a finding: formatting money starts ICU's number formats (milliseconds).
    const limit = () =>
      `the largest sample cart (${cart.maxUnits} sample${cart.maxUnits === 1 ? '' : 's'}, ${cart.maxQuantity} of each at most) comes to ${dollars(largest)}`;
    for (const { method, index } of shippingMethods(ctx)) {
      if (!method.isEnabled || method.calculateRateBy !== 'order') continue;
      list(method.rates).forEach((entry, j) => {
        if (!isObj(entry) || entry.shippingDisabled) return;
        list(entry.ranges).forEach((range, k) => {
          if (!isObj(range) || typeof range.start !== 'number' || typeof range.rate !== 'number') return;
          const start = Math.round(range.start * 100);
          if (start <= largest) return;
          const what = range.rate === 0 ? 'free shipping' : `the ${dollars(Math.round(range.rate * 100))} rate`;
          ctx.report({
            file: SHIPPING_FILE,
            pointer: `/methods/${index}/rates/${j}/ranges/${k}/start`,
            message: `"${method.type}": ${what} from ${dollars(start)} is out of reach: ${limit()}`,
          });
        });
      });
    }
  },
});
