import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { screenOf } from '../../engine/testing/screen.ts';
import { PageContext } from '../../engine/render/context.ts';
import { RegistryContext } from '../../engine/render/embedded-block.tsx';
import { blockLoaders } from '../index.ts';
import type { PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { cartLabel } from './cart-count.ts';

// The popup the header embeds, from the block list (a block does not import another block's folder).
const searchPopup = (await blockLoaders['search-popup']()).default;

const page: PageData = {
  path: '/contact',
  route: '/contact',
  status: 200,
  head: { title: 'Contact', description: '', canonical: 'https://shop.test/contact', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['site-header'],
  site: { name: 'Hearthline Cabinetry', origin: 'https://shop.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
};


function render(props: Record<string, unknown>, path = '/contact') {
  const Header = block.component;
  return screenOf(renderToString(
    <StaticRouter location={path}>
      <RegistryContext.Provider value={{ registry: { 'search-popup': searchPopup }, dev: false }}>
        <PageContext.Provider value={{ ...page, path }}>
          <Header {...props} />
        </PageContext.Provider>
      </RegistryContext.Provider>
    </StaticRouter>,
  ));
}
/** The element an aria-controls names. */
const controlled = (screen: ReturnType<typeof render>, button: HTMLElement) => screen.container.querySelector(`[id="${button.getAttribute('aria-controls')}"]`)!;

describe('site-header', () => {
  const screen = render(example.props);
  const all = { hidden: true } as const; // the mobile dialog and the submenus are closed: hidden until opened

  it('has a skip link to #main and the logo linking home', () => {
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
    const home = screen.getByRole('link', { name: 'Hearthline Cabinetry' });
    expect(home.getAttribute('href')).toBe('/');
    const logo = within(home).getByRole('img', { name: 'Hearthline Cabinetry' });
    expect(['src', 'width', 'height'].map((a) => logo.getAttribute(a))).toEqual(['/images/logo.svg', '220', '56']);
  });

  it('renders the desktop menu with a mega-menu and a dropdown behind closed disclosure buttons', () => {
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const buttons = nav.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Kitchen Cabinets', 'Countertops']);
    for (const b of buttons) {
      expect(b.getAttribute('aria-expanded')).toBe('false');
      expect(controlled(screen, b).hasAttribute('hidden')).toBe(true);
    }
    const links = screen.getAllByRole('link', all);
    const named = (text: string) => links.filter((a) => a.textContent === text);
    expect(named('RTA Kitchen Cabinets').length).toBeGreaterThan(0);
    expect(named('Semi-Custom Kitchen Cabinets').length).toBeGreaterThan(0);
    expect(named('View all Countertops').length).toBeGreaterThan(0);
    expect(links.map((a) => a.getAttribute('href'))).toContain('/products/countertops/quartz-countertops');
  });

  it('marks the current page', () => {
    const links = screen.getAllByRole('link', all);
    const contact = links.filter((a) => a.getAttribute('href') === '/contact');
    expect(contact.length).toBe(2); // desktop and mobile
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page')).toEqual(contact);
  });

  it('renders the closed mobile menu: hamburger, "Our Offerings" dialog with Close, accordion buttons', () => {
    const burger = screen.getByRole('button', { name: 'Open menu', expanded: false });
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.id).toBe(burger.getAttribute('aria-controls'));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = screen.container.querySelector(`[id="${dialog.getAttribute('aria-labelledby')}"]`)!;
    expect([title.tagName, title.textContent]).toEqual(['H2', 'Our Offerings']);
    const inDialog = within(dialog).getAllByRole('button', all);
    expect(inDialog.map((b) => b.textContent)).toContain('Close');
    // accordion: every submenu button controls a hidden list
    const subButtons = inDialog.filter((b) => b.hasAttribute('aria-controls'));
    expect(subButtons).toHaveLength(2);
    for (const b of subButtons) expect(controlled(screen, b).hasAttribute('hidden')).toBe(true);
  });

  it('hides device-filtered items with the engine visibility classes', () => {
    const phone = screen.getAllByRole('link', all).filter((a) => a.getAttribute('href') === 'tel:+16145550143');
    expect(phone).toHaveLength(2);
    for (const a of phone) expect(a.closest('li')!.className).toContain('jv-hide-tablet jv-hide-desktop');
  });

  it('renders the mini-cart with 0 items on the server', () => {
    const cart = screen.getByRole('link', { name: 'Cart (0)' });
    expect(cart.getAttribute('href')).toBe('/order-samples');
    expect(cart.querySelector('svg')).toBeTruthy();
  });

  it('minimal variant has no menu', () => {
    const minimal = render({ variant: 'minimal', items: example.props.items, note: 'Secure checkout' });
    expect(minimal.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(minimal.queryByRole('navigation', { name: 'Main', hidden: true })).toBeNull();
    expect(minimal.getByText('Secure checkout')).toBeTruthy();
  });

  it('falls back to the site name without a logo', () => {
    const home = render({}).getByRole('link', { name: 'Hearthline Cabinetry' });
    expect([home.getAttribute('href'), home.textContent]).toEqual(['/', 'Hearthline Cabinetry']);
  });
});

describe('cart count', () => {
  // Reading local storage (expiry, malformed values, signals) is the sample cart store's job: engine/cart/store.test.ts.
  it('fills the {cart-count} placeholder', () => {
    expect(cartLabel('Cart ({cart-count})', 3)).toBe('Cart (3)');
  });
});

describe('header search', () => {
  it('renders the search combobox between the logo and the cart when configured, closed', () => {
    const screen = render({ ...example.props, search: { placeholder: 'Search styles' } });
    const form = screen.getByRole('search');
    expect(form.getAttribute('action')).toBe('/search');
    const input = screen.getByRole('combobox', { name: 'Search', expanded: false });
    expect(['name', 'aria-autocomplete', 'placeholder'].map((a) => input.getAttribute(a))).toEqual(['query', 'list', 'Search styles']);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    // Between the logo and the cart: the form comes before the cart link in the document.
    const cart = screen.getByRole('link', { name: 'Cart (0)' });
    expect(form.compareDocumentPosition(cart as unknown as Node) & 4).toBe(4); // DOCUMENT_POSITION_FOLLOWING
    expect(render(example.props).queryByRole('search', { hidden: true })).toBeNull();
  });
});
