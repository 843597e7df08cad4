// @vitest-environment happy-dom
/**
 * Hydration renders nothing twice when the browser's state equals the prerendered one: a page
 * without a query string (useQueryParams) and an empty cart (useSampleCart). A second render of a
 * long listing right after hydration was a long task on a phone.
 */
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useSampleCart } from '../cart/use-sample-cart.ts';
import { useQueryParams } from './use-query-params.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let renders: string[] = [];
function Query() {
  const [params] = useQueryParams();
  renders.push(`query:${params.toString()}`);
  return <p>{params.toString()}</p>;
}
function Cart() {
  const items = useSampleCart();
  renders.push(`cart:${items.length}`);
  return <p>{items.length}</p>;
}

async function hydrate(ui: ReactNode): Promise<string[]> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<BrowserRouter>{ui}</BrowserRouter>);
  document.body.append(container);
  renders = [];
  await act(async () => {
    hydrateRoot(container, <BrowserRouter>{ui}</BrowserRouter>);
  });
  container.remove();
  return renders;
}

afterEach(() => history.replaceState(null, '', '/'));

describe('hydration', () => {
  it('renders a page without a query once; with a query, again with it', async () => {
    history.replaceState(null, '', '/list');
    expect(await hydrate(<Query />)).toEqual(['query:']);
    history.replaceState(null, '', '/list?sort=a-z');
    expect(await hydrate(<Query />)).toEqual(['query:', 'query:sort=a-z']);
  });

  it('renders an empty cart once', async () => {
    localStorage.clear();
    expect(await hydrate(<Cart />)).toEqual(['cart:0']);
  });
});
