import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('order-success', () => {
  it('prerenders the heading; the order number comes from the browser', () => {
    const Success = block.component;
    const html = renderToString(
      <StaticRouter location="/order/success">
        <Success {...example.props} />
      </StaticRouter>,
    );
    expect(html).toMatch(/<h1[^>]*>Thank you for your order<\/h1>/);
    expect(html).not.toContain('#');
  });
});
