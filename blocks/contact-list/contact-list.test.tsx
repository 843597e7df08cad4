import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { testSite, renderBlockScreen } from '../../engine/testing/index.ts';
import type { ContactListProps } from '../../schemas/types/blocks/contact-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { shippedShop } from '../../tests/setup/shipped-shop.ts';

describe('contact-list', () => {
  const props = example.props as ContactListProps;
  const screen = renderBlockScreen(block, props, { site: { ...testSite, commerce: shippedShop() } });
  /** A labelled contact line: the label's text, then the link. */
  const line = (label: string) => screen.getByText(label).parentElement!;

  it('renders phone, email and sms as links with labels', () => {
    expect(within(line('Call')).getByRole('link', { name: '(614) 555-0143' }).getAttribute('href')).toBe(
      'tel:+16145550143',
    );
    expect(within(line('Email')).getByRole('link').getAttribute('href')).toBe('mailto:hello@hearthlinecabinetry.com');
    expect(within(line('Text us')).getByRole('link', { name: '(614) 555-0199' }).getAttribute('href')).toBe(
      'sms:+16145550199',
    );
  });

  it("dials with the calling code of the site's phone rule, and none without one", () => {
    const mexican = renderBlockScreen(block, props, {
      site: { ...testSite, commerce: { ...shippedShop(), phone: { digits: 10, callingCode: '52' } } },
    });
    expect(mexican.getByRole('link', { name: '(614) 555-0143' }).getAttribute('href')).toBe('tel:+526145550143');
    const noShop = renderBlockScreen(block, props, { site: testSite });
    expect(noShop.getByRole('link', { name: '(614) 555-0199' }).getAttribute('href')).toBe('sms:6145550199');
  });

  it('renders an address with its map link, icon links, links and images', () => {
    expect(screen.getByText(/2150 Westbelt Drive, Columbus, OH 43228$/).tagName).toBe('ADDRESS');
    expect(screen.getByRole('link', { name: /View on map/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Schedule a call' }).getAttribute('href')).toBe('/book-appointment');
    expect(screen.getByRole('link', { name: 'Frequently asked questions' }).getAttribute('href')).toBe('/faqs');
    const logo = screen.getByRole('link', { name: 'Hearthline Cabinetry' });
    expect(logo.getAttribute('href')).toBe('/');
    const img = within(logo).getByRole('img', { name: 'Hearthline Cabinetry' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['220', '56']);
  });
});
