import { renderToString } from 'react-dom/server';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, PageContext, RegistryContext, collectIslands } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import { blockLoaders } from '../index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

// The blocks the header embeds, from the block list (a block does not import another block's folder).
const registry = {
  'search-popup': (await blockLoaders['search-popup']()).default,
  'cart-link': (await blockLoaders['cart-link']()).default,
};

const page: PageData = {
  path: '/contact',
  route: '/contact',
  status: 200,
  head: {
    title: 'Contact',
    description: '',
    canonical: 'https://shop.test/contact',
    meta: [],
    jsonLd: [],
    tagManager: false,
  },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['site-header'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

function render(props: Record<string, unknown>, path = '/contact') {
  const Header = block.component;
  return screenOf(
    renderToString(
      <RegistryContext.Provider value={{ registry, dev: false }}>
        <PageContext.Provider value={{ ...page, path }}>
          <Header {...blockProps(block, props)} />
        </PageContext.Provider>
      </RegistryContext.Provider>,
    ),
  );
}

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

  it('is a static block whose two menus are each an island part of its client, with no props, started at the first touch', () => {
    expect(block.island).toEqual({ start: 'interaction', code: 'client', parts: true });
    const { result: header, islands } = collectIslands(() => render(example.props));
    const menus = Object.entries(islands).filter(([, i]) => i.type === 'site-header');
    expect(menus.map(([, i]) => i)).toEqual([
      { type: 'site-header', start: 'interaction', props: {} },
      { type: 'site-header', start: 'interaction', props: {} },
    ]);
    const [mobile, desktop] = menus.map(([id]) => header.container.querySelector(`[data-jv-island="${id}"]`)!);
    expect(mobile!.querySelector(':scope > [popover][role="dialog"]')).not.toBeNull();
    expect(desktop!.querySelector(':scope > nav')?.getAttribute('aria-label')).toBe('Main');
    // The header itself is no island: the search box and the cart link are islands of their own.
    expect(header.container.querySelector('[data-jv-island] [data-jv-island]')).toBeNull();
  });

  it('renders the desktop menu with a mega-menu and a dropdown inside closed disclosures (<details>)', () => {
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const disclosures = [...nav.querySelectorAll('details')];
    expect(disclosures.map((d) => d.querySelector('summary')!.textContent)).toEqual([
      'Kitchen Cabinets',
      'Countertops',
    ]);
    for (const d of disclosures) expect(d.open).toBe(false);
    expect(
      within(disclosures[0]!)
        .getAllByRole('link', all)
        .map((a) => a.textContent),
    ).toContain('RTA Kitchen Cabinets');
    expect(
      within(disclosures[1]!)
        .getAllByRole('link', all)
        .map((a) => a.textContent),
    ).toContain('Quartz Countertops');
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

  it('renders the closed mobile menu: hamburger, "Our Offerings" dialog with Close, accordion of disclosures', () => {
    const burger = screen.getByRole('button', { name: 'Open menu' });
    const dialog = screen.getByRole('dialog', { name: 'Our Offerings', hidden: true });
    // The hamburger toggles the dialog, a popover: closed until then, Escape and outside clicks close it.
    expect(burger.getAttribute('popovertarget')).toBe(dialog.id);
    expect(dialog.getAttribute('popover')).toBe('auto');
    const title = screen.container.querySelector(`[id="${dialog.getAttribute('aria-labelledby')}"]`)!;
    // A title, not a heading: the page's h1 comes first in heading order.
    expect([title.tagName, title.textContent]).toEqual(['P', 'Our Offerings']);
    const close = within(dialog).getByRole('button', { name: 'Close', hidden: true });
    expect([
      close.getAttribute('popovertarget'),
      close.getAttribute('popovertargetaction'),
      close.hasAttribute('autofocus'),
    ]).toEqual([dialog.id, 'hide', true]);
    const subs = [...dialog.querySelectorAll('details')];
    expect(subs.map((d) => d.querySelector('summary')!.textContent)).toEqual(['Kitchen Cabinets', 'Countertops']);
    for (const d of subs) expect(d.open).toBe(false);
  });

  it('hides device-filtered items with the engine visibility classes', () => {
    const phone = screen.getAllByRole('link', all).filter((a) => a.getAttribute('href') === 'tel:+16145550143');
    expect(phone).toHaveLength(2);
    for (const a of phone) expect(a.closest('li')!.className).toContain('jv-hide-tablet jv-hide-desktop');
  });

  it('renders the mini-cart (the cart-link block) with 0 items on the server', () => {
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

describe('header search', () => {
  it('renders the search combobox between the logo and the cart when configured, closed', () => {
    const screen = render({ ...example.props, search: { placeholder: 'Search styles' } });
    const form = screen.getByRole('search');
    expect(form.getAttribute('action')).toBe('/search');
    const input = screen.getByRole('combobox', { name: 'Search', expanded: false });
    expect(['name', 'aria-autocomplete', 'placeholder'].map((a) => input.getAttribute(a))).toEqual([
      'query',
      'list',
      'Search styles',
    ]);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    // Between the logo and the cart: the form comes before the cart link in the document.
    const cart = screen.getByRole('link', { name: 'Cart (0)' });
    expect(form.compareDocumentPosition(cart as unknown as Node) & 4).toBe(4); // DOCUMENT_POSITION_FOLLOWING
    expect(render(example.props).queryByRole('search', { hidden: true })).toBeNull();
  });
});
