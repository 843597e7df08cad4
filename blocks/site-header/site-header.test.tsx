import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
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

/** Attributes of every <tag ...> in the HTML, in order (enough to assert on server-rendered markup). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''])),
  );
}

function render(props: Record<string, unknown>, path = '/contact') {
  const Header = block.component;
  return renderToString(
    <StaticRouter location={path}>
      <RegistryContext.Provider value={{ registry: { 'search-popup': searchPopup }, dev: false }}>
        <PageContext.Provider value={{ ...page, path }}>
          <Header {...props} />
        </PageContext.Provider>
      </RegistryContext.Provider>
    </StaticRouter>,
  );
}

describe('site-header', () => {
  const html = render(example.props);

  it('has a skip link to #main and the logo linking home', () => {
    expect(html).toMatch(/<a[^>]*href="#main"[^>]*>Skip to content<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*><img[^>]*><\/a>/);
    expect(tags(html, 'img')[0]).toMatchObject({ src: '/images/logo.svg', alt: 'Hearthline Cabinetry', width: '220', height: '56' });
  });

  it('renders the desktop menu with a mega-menu and a dropdown behind closed disclosure buttons', () => {
    expect(html).toContain('aria-label="Main"');
    const nav = html.slice(html.indexOf('aria-label="Main"'));
    const buttons = tags(nav, 'button');
    expect(buttons).toHaveLength(2);
    for (const b of buttons) {
      expect(b['aria-expanded']).toBe('false');
      const panel = [...tags(nav, 'div'), ...tags(nav, 'ul')].find((t) => t.id === b['aria-controls']);
      expect(panel).toHaveProperty('hidden');
    }
    expect(nav).toMatch(/aria-controls="[^"]+">Kitchen Cabinets</);
    expect(nav).toMatch(/aria-controls="[^"]+">Countertops</);
    expect(html).toContain('>RTA Kitchen Cabinets</a>');
    expect(html).toContain('>Semi-Custom Kitchen Cabinets</a>');
    expect(html).toContain('href="/products/countertops/quartz-countertops"');
    expect(html).toContain('>View all Countertops</a>');
  });

  it('marks the current page', () => {
    const contact = tags(html, 'a').filter((a) => a.href === '/contact');
    expect(contact.length).toBe(2); // desktop and mobile
    for (const a of contact) expect(a['aria-current']).toBe('page');
    expect(tags(html, 'a').filter((a) => a['aria-current']).length).toBe(2);
  });

  it('renders the closed mobile menu: hamburger, "Our Offerings" dialog with Close, accordion buttons', () => {
    const burger = tags(html, 'button')[0]!;
    expect(html).toMatch(/<button[^>]*>(<span[^>]*><\/span>)?<span[^>]*>Open menu<\/span><\/button>/);
    expect(burger['aria-expanded']).toBe('false');
    const dialog = tags(html, 'div').find((d) => d.role === 'dialog')!;
    expect(dialog.id).toBe(burger['aria-controls']);
    expect(dialog['aria-modal']).toBe('true');
    const title = tags(html, 'h2').find((h) => h.id === dialog['aria-labelledby']);
    expect(title).toBeDefined();
    expect(html).toMatch(/<h2[^>]*>Our Offerings<\/h2>/);
    expect(html).toMatch(/<button[^>]*>Close<\/button>/);
    // accordion: every submenu button controls a hidden list
    const subButtons = tags(html.slice(html.indexOf('role="dialog"'), html.indexOf('aria-label="Main"')), 'button').filter((b) => b['aria-controls']);
    expect(subButtons).toHaveLength(2);
  });

  it('hides device-filtered items with the engine visibility classes', () => {
    const hidden = [...html.matchAll(/<li class="([^"]*)"><a[^>]*href="tel:\+16145550143"/g)];
    expect(hidden).toHaveLength(2);
    for (const m of hidden) expect(m[1]).toContain('jv-hide-tablet jv-hide-desktop');
  });

  it('renders the mini-cart with 0 items on the server', () => {
    expect(html).toMatch(/<a[^>]*href="\/order-samples"[^>]*><svg[^]*?<\/svg><span>Cart \(0\)<\/span><\/a>/);
  });

  it('minimal variant has no menu', () => {
    const minimal = render({ variant: 'minimal', items: example.props.items, note: 'Secure checkout' });
    expect(minimal).not.toContain('Open menu');
    expect(minimal).not.toContain('aria-label="Main"');
    expect(minimal).toContain('Secure checkout');
  });

  it('falls back to the site name without a logo', () => {
    expect(render({})).toMatch(/<a[^>]*href="\/"[^>]*>Hearthline Cabinetry<\/a>/);
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
    const html = render({ ...example.props, search: { placeholder: 'Search styles' } });
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/search"/);
    const input = tags(html, 'input').find((i) => i.role === 'combobox')!;
    expect(input).toMatchObject({ name: 'query', 'aria-expanded': 'false', 'aria-autocomplete': 'list', placeholder: 'Search styles' });
    expect(html).toMatch(new RegExp(`<label[^>]*for="${input.id}"[^>]*>Search</label>`));
    expect(html).not.toContain('role="listbox"');
    expect(html.indexOf('role="search"')).toBeLessThan(html.indexOf('Cart (0)'));
    expect(render(example.props)).not.toContain('role="search"');
  });
});
