import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('order-success', () => {
  it('prerenders the heading; the order number comes from the browser', () => {
    const Success = block.component;
    const html = renderToString(<Success {...blockProps(block, example.props)} />);
    const screen = screenOf(html);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeTruthy();
    expect(screen.container.textContent).not.toContain('#');
  });
});
