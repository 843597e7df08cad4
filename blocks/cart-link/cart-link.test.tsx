// @vitest-environment happy-dom
/**
 * The mini-cart link: the prerendered HTML says 0, the first render in the browser equals it
 * (hydration keeps the server's markup), then the link shows the stored count and follows it.
 */
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleCart } from '../../engine/cart/sample-cart.ts';
import { currentShop } from '../../engine/commerce/shop.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { cartLabel } from './cart-count.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CartLink = block.component;
const finish = { type: 'paint', value: 'pure-white' };
const sample = (sku: string) => ({ sku, name: `Sample ${sku}`, finish });

let root: Root | undefined;
let container: HTMLElement | undefined;
let recoverable: unknown[];
let renders: string[];

/** Server HTML in the page, then hydrated as the browser does; `renders`: the label of each render's commit. */
async function hydrate() {
  const box = (container = document.createElement('div'));
  box.innerHTML = renderToString(<CartLink {...example.props} />);
  document.body.append(box);
  renders = [];
  recoverable = [];
  const observer = new MutationObserver(() => renders.push(box.textContent!));
  observer.observe(box, { subtree: true, characterData: true, childList: true });
  await act(async () => {
    root = hydrateRoot(box, <CartLink {...example.props} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  await act(async () => {}); // the observer's records
  observer.disconnect();
}
const link = () => container!.querySelector('a')!;

beforeEach(() => localStorage.clear());
afterEach(() => {
  if (root) act(() => root!.unmount());
  container?.remove();
  root = container = undefined;
});

describe('cart-link', () => {
  it('is an island started at load', () => {
    expect(block.island).toBe('load');
  });

  it('renders the link with a count of 0 on the server', () => {
    const html = renderToString(<CartLink {...example.props} />);
    const box = document.createElement('div');
    box.innerHTML = html;
    const a = box.querySelector('a')!;
    expect([a.getAttribute('href'), a.textContent]).toEqual(['/order-samples', 'Cart (0)']);
    expect(a.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('hydrates without a mismatch, then shows the stored count', async () => {
    sampleCart().addMany([sample('AW-SD'), sample('CW-SD')]);
    await hydrate();
    expect(recoverable).toEqual([]);
    expect(link().textContent).toBe('Cart (2)');
    expect(renders).toEqual(['Cart (2)']); // one change after the server's "Cart (0)"
  });

  it('follows changes of the cart, and reads it again when the page is shown again (back/forward cache)', async () => {
    await hydrate();
    expect(link().textContent).toBe('Cart (0)');
    await act(async () => void sampleCart().add(sample('AW-SD')));
    expect(link().textContent).toBe('Cart (1)');
    // A change while the page sat in the cache signalled nothing here: pageshow reads it.
    const stored = localStorage.getItem(currentShop().cart.storageKey)!;
    const two = JSON.parse(stored) as { items: unknown[] };
    two.items.push({ sku: 'CW-SD', name: 'Sample CW-SD', qty: 1, finish });
    localStorage.setItem(currentShop().cart.storageKey, JSON.stringify(two));
    expect(link().textContent).toBe('Cart (1)');
    await act(async () => void window.dispatchEvent(new Event('pageshow')));
    expect(link().textContent).toBe('Cart (2)');
  });

  it('fills the {cart-count} placeholder', () => {
    expect(cartLabel('Samples: {cart-count}', 3)).toBe('Samples: 3');
  });
});
