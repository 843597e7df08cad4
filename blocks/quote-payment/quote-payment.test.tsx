import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('quote-payment', () => {
  it('prerenders the loading state (the quote is fetched in the browser with the link token)', () => {
    const QuotePayment = block.component;
    const html = renderToString(<QuotePayment {...blockProps(block, example.props)} />);
    const screen = screenOf(html);
    expect(screen.getByText('Loading quote...')).toBeTruthy();
    expect(screen.container.querySelector('[aria-busy="true"]')?.textContent).toContain('Loading quote...');
  });
});
