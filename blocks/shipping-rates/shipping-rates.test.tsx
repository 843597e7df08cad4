import { describe, expect, it } from 'vitest';
import type { ShippingMethod } from '../../engine/index.ts';
import { renderBlockScreen, type WrittenProps } from '../../engine/testing/index.ts';
import type { ShippingRatesProps } from '../../schemas/types/blocks/shipping-rates.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

// A JSON import types an enum value as a string and a list as an array of any length: the
// example is read as the props a page writes.
const props = example.props as WrittenProps<ShippingRatesProps>;

const rows = (screen: ReturnType<typeof renderBlockScreen>) =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.children].map((c) => c.textContent));

describe('shipping-rates', () => {
  it("states each enabled method's delivery time and prices from its data, in checkout order", () => {
    const screen = renderBlockScreen(block, props);
    expect(screen.getByRole('heading', { level: 2, name: 'Sample shipping' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Method',
      'Delivery after dispatch',
      'Price',
    ]);
    expect(rows(screen)).toEqual([
      ['Standard ShippingUPS Ground', '4 to 7 business days', '$4.95 per order, free on orders of $25.00 or more'],
      [
        'Expedited ShippingUPS 2nd Day Air',
        '2 business days',
        '$12.95 per order ($8.95 per order around Columbus, OH)',
      ],
    ]);
  });

  it('leaves out a disabled method and follows sortOrder', () => {
    const [standard, expedited] = example.props.methods as ShippingMethod[];
    const screen = renderBlockScreen(block, {
      ...props,
      methods: [
        { ...standard!, sortOrder: 2 },
        { ...expedited!, sortOrder: 1 },
        { ...standard!, type: 'freight', displayName: 'Freight', isEnabled: false },
      ],
    });
    expect(rows(screen).map((r) => r[0])).toEqual(['Expedited ShippingUPS 2nd Day Air', 'Standard ShippingUPS Ground']);
  });
});
