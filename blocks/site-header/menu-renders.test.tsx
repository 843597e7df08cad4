// @vitest-environment happy-dom
/**
 * Under the app's router the menus follow the path, not the query: a listing's sort or a chosen
 * finish leaves their links alone (rendering every link of a mega menu again made such a change
 * a long task on a phone), while a new path still closes an open panel and marks its link.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useNavigate } from 'react-router-dom';
import { PathRouter } from '../../engine/client/path-router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageContext } from '../../engine/render/context.ts';
import { testPage } from '../../engine/testing/render-block.tsx';
import { useQueryParams } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import example from './example.json' with { type: 'json' };
import { DesktopMenu } from './desktop-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const items = example.props.items as MenuItem[];
// Each render of a menu link, counted by wrapping the engine's SiteLink the menus import.
let linkRenders = 0;
vi.mock('../../engine/index.ts', async (importOriginal) => {
  const engine = await importOriginal<typeof import('../../engine/index.ts')>();
  return { ...engine, SiteLink: (props: Parameters<typeof engine.SiteLink>[0]) => (linkRenders++, engine.SiteLink(props)) };
});

function Controls() {
  const [, update] = useQueryParams();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => update({ sort: 'z-a' })}>
        Sort
      </button>
      <button type="button" onClick={() => void navigate('/contact')}>
        Go
      </button>
    </>
  );
}

let root: Root | undefined;
let container: HTMLElement;
beforeEach(async () => {
  history.replaceState(null, '', '/about');
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(
      <PathRouter>
        <PageContext.Provider value={testPage('/about')}>
          <MobileMenu items={items} title="Our Offerings" overviewText="View all {label}" />
          <DesktopMenu items={items} overviewText="View all {label}" label="Main" />
          <Controls />
        </PageContext.Provider>
      </PathRouter>,
    );
  });
  linkRenders = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const click = (el: HTMLElement) => act(async () => void el.click());

describe('the header menus', () => {
  it('do not render again when only the query changes', async () => {
    await click(button('Sort'));
    expect(window.location.search).toBe('?sort=z-a');
    expect(linkRenders).toBe(0);
  });

  it('close an open panel and mark the new page\'s link when the path changes', async () => {
    await click(button('Countertops'));
    expect(button('Countertops').getAttribute('aria-expanded')).toBe('true');
    await click(button('Sort'));
    expect(button('Countertops').getAttribute('aria-expanded')).toBe('true');

    await click(button('Go'));
    expect(window.location.pathname).toBe('/contact');
    // The new page's link is marked as current.
    expect(container.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe('/contact');
    expect(button('Countertops').getAttribute('aria-expanded')).toBe('false');
  });
});
