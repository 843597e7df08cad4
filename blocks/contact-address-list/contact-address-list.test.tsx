import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { testSite, renderBlockScreen } from '../../engine/testing/index.ts';
import type { ContactAddressListProps } from '../../schemas/types/blocks/contact-address-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { shippedShop } from '../../tests/setup/shipped-shop.ts';

describe('contact-address-list', () => {
  const screen = renderBlockScreen(block, example.props as ContactAddressListProps, {
    site: { ...testSite, commerce: shippedShop() },
  });
  /** One address's entry, found by its heading. */
  const entry = (name: string) =>
    within(screen.getByRole('heading', { level: 3, name }).closest('li, article, section')! as HTMLElement);

  it('renders each address with its map link, phone, email and hours', () => {
    const showroom = entry('Columbus showroom');
    expect(showroom.getByText('2150 Westbelt Drive')).toBeTruthy();
    expect(showroom.getByRole('link', { name: 'View Columbus showroom on the map' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=2150\+Westbelt/,
    );
    expect(showroom.getByRole('link', { name: '(614) 555-0143' }).getAttribute('href')).toBe('tel:+16145550143');
    expect(showroom.getByRole('link', { name: 'hello@hearthlinecabinetry.com' }).getAttribute('href')).toBe(
      'mailto:hello@hearthlinecabinetry.com',
    );
    expect(showroom.getAllByRole('listitem').map((li) => li.textContent)).toContain('Sat 10 am - 4 pm');
  });

  it('leaves out what an address does not have', () => {
    const warehouse = entry('Warehouse pick-up');
    expect(warehouse.queryByRole('link', { name: /on the map/ })).toBeNull();
    expect(warehouse.queryAllByRole('link').filter((a) => a.getAttribute('href')!.startsWith('tel:'))).toEqual([]);
    expect(warehouse.getByText('Mon-Fri 8 am - 3 pm, by appointment')).toBeTruthy();
  });
});
