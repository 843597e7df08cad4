import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, PageContext } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block, { EMPTY_TEXT, LOADING_TEXT } from './index.tsx';

const page: PageData = {
  path: '/order-samples',
  route: '/order-samples',
  status: 200,
  head: {
    title: 'Sample Doors',
    description: '',
    canonical: 'https://shop.test/order-samples',
    meta: [],
    jsonLd: [],
    tagManager: false,
  },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['cart-page'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

describe('cart-page', () => {
  it('prerenders the loading state: the cart lives in the browser', () => {
    const CartPage = block.component;
    const html = renderToString(
      <StaticRouter location="/order-samples">
        <PageContext.Provider value={page}>
          <CartPage {...blockProps(block, example.props)} />
        </PageContext.Provider>
      </StaticRouter>,
    );
    const screen = screenOf(html);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading cart...');
    expect(screen.queryByText(/Checkout/)).toBeNull();
    expect(screen.queryByText(EMPTY_TEXT)).toBeNull();
  });

  it('has the spec empty text', () => {
    expect(EMPTY_TEXT).toBe('Looks like you have not added anything to your cart. Go ahead & add items to your cart.');
    expect(LOADING_TEXT).toBe('Loading cart...');
  });
});
