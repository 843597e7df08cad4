// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_NUMBER_KEY, storeReceipt } from '../../engine/index.ts';
import { blockProps } from '../../engine/testing/index.ts';
import block from './index.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

async function mount() {
  const Success = block.component;
  const container = document.createElement('div');
  await act(async () => createRoot(container).render(<Success {...blockProps(block, {})} />));
  return container;
}

const SAMPLES_NOTE = 'We will e-mail tracking details as soon as your samples leave our warehouse';

/** The server's answers by URL; every request is recorded with its order-token header. */
function serve(answers: Record<string, unknown>) {
  const calls: { url: string; token: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, token: new Headers(init?.headers).get('x-order-token') });
    const body = answers[url];
    return new Response(JSON.stringify(body ?? { success: false }), { status: body ? 200 : 403 });
  });
  return calls;
}

const rows = (c: HTMLElement) =>
  [...c.querySelectorAll('tr')].map((r) => [...r.children].map((cell) => cell.textContent));

const sampleOrder = {
  orderIncrementId: '100000042',
  status: 'ordered',
  items: [
    {
      name: 'Carlton sample door, Pure White',
      qty: 1,
      rowTotal: 9.95,
      customOptions: { finish: { label: 'Pure White' } },
    },
    { name: 'Quartz sample', qty: 2, rowTotal: 19.9, customOptions: { finish: { label: 'Polished' } } },
  ],
  subtotal: 29.85,
  shippingLabel: 'Standard',
  shippingAmount: 4.95,
  taxAmount: 2.1,
  total: 36.9,
};

describe('order-success in the browser', () => {
  it('shows the stored order number once, then forgets it', async () => {
    localStorage.setItem(ORDER_NUMBER_KEY, '100000042');
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const container = await mount();
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Your order number is #100000042');
    expect(localStorage.getItem(ORDER_NUMBER_KEY)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    expect(container.querySelector('table')).toBeNull();
  });

  it('opened without a stored number, replaces the page with the checkout', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    await mount();
    expect(replace).toHaveBeenCalledWith('/checkout');
  });

  it("a sample order: the server's samples and totals, and the samples' shipping note", async () => {
    localStorage.setItem(ORDER_NUMBER_KEY, '100000042');
    storeReceipt({ order: { id: 42, token: 'tok-42' } });
    const calls = serve({ '/api/order/42': { success: true, order: sampleOrder } });
    const container = await mount();
    expect(calls).toEqual([{ url: '/api/order/42', token: 'tok-42' }]);
    expect(container.querySelector('h2')!.textContent).toBe('Your samples');
    expect(rows(container)).toEqual([
      ['Item', 'Qty', 'Amount'],
      ['Carlton sample door, Pure White', '1', '$9.95'],
      ['Quartz samplePolished', '2', '$19.90'],
      ['Subtotal', '$29.85'],
      ['Shipping (Standard)', '$4.95'],
      ['Tax', '$2.10'],
      ['Total', '$36.90'],
    ]);
    expect(container.textContent).toContain(SAMPLES_NOTE);
    expect(sessionStorage.length).toBe(0);
  });

  it('an order whose payment is held for review: its samples, and that the payment is being reviewed instead of the shipping note', async () => {
    localStorage.setItem(ORDER_NUMBER_KEY, '100000042');
    localStorage.setItem('checkoutKey', 'key-of-the-cart');
    storeReceipt({ order: { id: 42, token: 'tok-42' } });
    serve({ '/api/order/42': { success: true, order: { ...sampleOrder, status: 'pending_payment' } } });
    const container = await mount();
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Your order number is #100000042');
    expect(rows(container).at(-1)).toEqual(['Total', '$36.90']);
    expect(container.textContent).toContain(
      'Your payment is being reviewed. We will contact you by e-mail once it is approved.',
    );
    expect(container.textContent).not.toContain(SAMPLES_NOTE);
    // The next cart's checkout is a new order.
    expect(localStorage.getItem('checkoutKey')).toBeNull();
  });

  it("a paid quote: its lines, discount and total from the quote link, no samples' note", async () => {
    localStorage.setItem(ORDER_NUMBER_KEY, '100000007');
    storeReceipt({ quote: { id: 3, token: 'link-token' } });
    serve({
      '/api/quote?quoteId=3&token=link-token': {
        success: true,
        quote: {
          quoteIncrementId: 'Q100000003',
          status: 'paid',
          orderIncrementId: '100000007',
          items: [{ name: 'Carlton base cabinet B36', notes: 'Pure White', qty: 2, rowTotal: 1200 }],
          subtotal: 1200,
          discountAmount: 100,
          shippingLabel: 'Freight',
          shippingAmount: 150,
          taxAmount: 77,
          total: 1327,
        },
      },
    });
    const container = await mount();
    expect(container.querySelector('h2')!.textContent).toBe('Your quote #Q100000003');
    expect(rows(container)).toEqual([
      ['Item', 'Qty', 'Amount'],
      ['Carlton base cabinet B36Pure White', '2', '$1,200.00'],
      ['Subtotal', '$1,200.00'],
      ['Discount', '-$100.00'],
      ['Shipping (Freight)', '$150.00'],
      ['Tax', '$77.00'],
      ['Total', '$1,327.00'],
    ]);
    expect(container.textContent).not.toContain(SAMPLES_NOTE);
    expect(container.textContent).toContain('We have e-mailed you a confirmation with these lines.');
  });

  it('a receipt of another order, or one the server refuses, shows the number without a summary', async () => {
    for (const answers of [{ '/api/order/42': { success: true, order: sampleOrder } }, {}]) {
      localStorage.setItem(ORDER_NUMBER_KEY, '100000099');
      storeReceipt({ order: { id: 42, token: 'tok-42' } });
      serve(answers);
      const container = await mount();
      expect(container.querySelector('[role="status"]')!.textContent).toBe('Your order number is #100000099');
      expect(container.querySelector('table')).toBeNull();
      expect(container.textContent).not.toContain(SAMPLES_NOTE);
    }
  });
});
