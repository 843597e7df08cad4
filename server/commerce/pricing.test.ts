import { describe, expect, it } from 'vitest';
import { lineFigures } from '../../engine/node.ts';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { priceItems, quoteCart } from './pricing.ts';
import { loadCommerceData } from './site-data.ts';

describe('cart pricing', () => {
  it('each priced line is its catalogue line with its figures laid over, keys in that order (as stored and answered)', () => {
    const data = loadCommerceData(FIXTURE_SHOP_DIR);
    const items = [
      { sku: 'CARLTON-SD-PW', finish: { type: 'paint', value: 'pure-white' }, qty: 3 },
      { sku: 'QZ-CG-CH-POL', finish: { type: 'surface', value: 'polished' }, qty: 1 },
    ];
    const at = { countryId: 'US', state: 'OH', zipCode: '43228' };
    const quote = quoteCart(items, data, at, 'standard');
    const expected = priceItems(items, data).map((b) => ({
      ...b,
      ...lineFigures({ price: b.price, weight: b.weight, qty: b.qty }, quote.taxPercent),
    }));
    expect(quote.items).toEqual(expected);
    expect(quote.items.map((i) => Object.keys(i))).toEqual(expected.map((i) => Object.keys(i)));
  });
});
