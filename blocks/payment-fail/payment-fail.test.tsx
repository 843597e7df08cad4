import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('payment-fail', () => {
  it('links back to the checkout', () => {
    const Fail = block.component;
    const html = renderToString(
      <StaticRouter location="/payment/fail">
        <Fail {...blockProps(block, example.props)} />
      </StaticRouter>,
    );
    expect(screenOf(html).getByRole('link', { name: 'Return to checkout' }).getAttribute('href')).toBe('/checkout');
  });
});
