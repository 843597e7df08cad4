// @vitest-environment happy-dom
/**
 * The mini-cart link: the prerendered HTML says 0; its framework-free client then shows the
 * stored count and follows it.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleCart, currentShop } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import { cartLabel } from './cart-count.ts';
import { start } from './client.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const CartLink = block.component;
const finish = { type: 'paint', value: 'pure-white' };
const sample = (sku: string) => ({ sku, name: `Sample ${sku}`, finish });

let box: HTMLElement | undefined;
/** The server's HTML in the page, then the client started on it as the runtime does. */
function started(props = example.props): HTMLAnchorElement {
  box = document.createElement('div');
  box.innerHTML = renderToString(<CartLink {...props} />);
  document.body.append(box);
  void start(box, props, {} as PageData);
  return box.querySelector('a')!;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  box?.remove();
  box = undefined;
});

describe('cart-link', () => {
  it('is an island started at load', () => {
    expect(block.island).toEqual({ start: 'load', code: 'client' });
  });

  it('renders the link with a count of 0 on the server', () => {
    const html = renderToString(<CartLink {...example.props} />);
    const el = document.createElement('div');
    el.innerHTML = html;
    const a = el.querySelector('a')!;
    expect([a.getAttribute('href'), a.textContent]).toEqual(['/order-samples', 'Cart (0)']);
    expect(a.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the stored count once started', () => {
    sampleCart().addMany([sample('AW-SD'), sample('CW-SD')]);
    expect(started().textContent).toBe('Cart (2)');
  });

  it('follows changes of the cart, and reads it again when the page is shown again (back/forward cache)', () => {
    const link = started({ ...example.props, text: 'Samples ({cart-count})' });
    expect(link.textContent).toBe('Samples (0)');
    sampleCart().add(sample('AW-SD'));
    expect(link.textContent).toBe('Samples (1)');
    // A change while the page sat in the cache signalled nothing here: pageshow reads it.
    const stored = JSON.parse(localStorage.getItem(currentShop().cart.storageKey)!) as { items: unknown[] };
    stored.items.push({ sku: 'CW-SD', name: 'Sample CW-SD', qty: 1, finish });
    localStorage.setItem(currentShop().cart.storageKey, JSON.stringify(stored));
    expect(link.textContent).toBe('Samples (1)');
    window.dispatchEvent(new Event('pageshow'));
    expect(link.textContent).toBe('Samples (2)');
  });

  it('fills the {cart-count} placeholder', () => {
    expect(cartLabel('Samples: {cart-count}', 3)).toBe('Samples: 3');
  });
});
