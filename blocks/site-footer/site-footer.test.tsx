import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, PageContext } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { shippedShop } from '../../tests/setup/shipped-shop.ts';

const page: PageData = {
  path: '/',
  route: '/',
  status: 200,
  head: { title: 'Home', description: '', canonical: 'https://shop.test/', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['site-footer'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
    commerce: shippedShop(),
  },
};

function render(props: Record<string, unknown>) {
  const Footer = block.component;
  return screenOf(
    renderToString(
      <StaticRouter location="/">
        <PageContext.Provider value={page}>
          <Footer {...blockProps(block, props)} />
        </PageContext.Provider>
      </StaticRouter>,
    ),
  );
}

describe('site-footer', () => {
  const screen = render(example.props);
  const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

  it('renders link columns in a labelled navigation', () => {
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['Shop', 'Help']));
    expect(href('Kitchen Cabinets')).toBe('/products/kitchen-cabinets');
    expect(href('FAQs')).toBe('/faqs');
    // Text us: a phone-only link.
    const sms = screen.getByRole('link', { name: 'Text us' });
    expect(sms.getAttribute('href')).toBe('sms:+16145550143');
    expect(sms.closest('li')!.className).toBe('jv-hide-tablet jv-hide-desktop');
  });

  it('renders the contact details', () => {
    const address = screen.getByRole('link', { name: /View on map/ }).closest('address')!;
    expect(address.textContent).toMatch(/2150 Westbelt Drive.*Columbus, OH 43228.*View on map$/);
    expect(href('(614) 555-0143')).toBe('tel:+16145550143');
    expect(href('hello@hearthlinecabinetry.com')).toBe('mailto:hello@hearthlinecabinetry.com');
    expect(screen.getByText(/Mon-Fri 9 am - 6 pm/)).toBeTruthy();
  });

  it('renders the copyright with the year and site name, and social links', () => {
    expect(screen.getByText(`© ${new Date().getFullYear()} Hearthline Cabinetry. All rights reserved.`)).toBeTruthy();
    expect(href('Instagram')).toBe('https://www.instagram.com/hearthlinecabinetry');
    expect(href('Pinterest')).toBe('https://www.pinterest.com/hearthlinecabinetry');
  });

  it('renders only the copyright when given nothing else', () => {
    const bare = render({});
    expect(bare.queryByRole('navigation', { name: 'Footer', hidden: true })).toBeNull();
    expect(bare.getByText(/Hearthline Cabinetry\. All rights reserved\./)).toBeTruthy();
  });
});
