// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_NUMBER_KEY } from '../../engine/index.ts';
import { blockProps } from '../../engine/testing/screen.ts';
import block from './index.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

async function mount() {
  const Success = block.component;
  const container = document.createElement('div');
  await act(async () => createRoot(container).render(<Success {...blockProps(block, {})} />));
  return container;
}

describe('order-success in the browser', () => {
  it('shows the stored order number once, then forgets it', async () => {
    localStorage.setItem(ORDER_NUMBER_KEY, '100000042');
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const container = await mount();
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Your order number is #100000042');
    expect(localStorage.getItem(ORDER_NUMBER_KEY)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('opened without a stored number, replaces the page with the checkout', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    await mount();
    expect(replace).toHaveBeenCalledWith('/checkout');
  });
});
