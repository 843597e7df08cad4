/**
 * The header menus open and close with no script: what the browser needs for that is in the
 * prerendered markup (details/summary, a shared `name`, popover and popovertarget, autofocus).
 */
import { renderToString } from 'react-dom/server';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { PageContext, testPage, screenOf } from '../../engine/testing/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import example from './example.json' with { type: 'json' };
import { DesktopMenu } from './desktop-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';

const items = example.props.items as MenuItem[];

function render(path: string) {
  return screenOf(
    renderToString(
      <PageContext.Provider value={testPage(path)}>
        <MobileMenu items={items} title="Our Offerings" overviewText="View all {label}" />
        <DesktopMenu items={items} overviewText="View all {label}" label="Main" />
      </PageContext.Provider>,
    ),
  );
}

const all = { hidden: true } as const;

describe('the desktop menu', () => {
  const screen = render('/products/countertops/quartz-countertops');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const disclosures = [...nav.querySelectorAll('details')];

  it('puts each panel in a closed <details> opened by its <summary>, one open at a time (a shared name)', () => {
    expect(disclosures).toHaveLength(2);
    for (const d of disclosures) {
      expect(d.open).toBe(false);
      expect(d.firstElementChild!.tagName).toBe('SUMMARY');
    }
    const names = new Set(disclosures.map((d) => d.getAttribute('name')));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
  });

  it("lists a panel's overview link first, then its links; mega-menu columns are lists named by their titles", () => {
    const dropdown = within(disclosures[1]!).getAllByRole('link', all);
    expect(dropdown.map((a) => a.textContent)).toEqual([
      'View all Countertops',
      'Quartz Countertops',
      'Granite Countertops',
    ]);
    const column = within(disclosures[0]!).getByRole('list', { name: 'RTA Kitchen Cabinets', hidden: true });
    expect(within(column).getByRole('link', all).textContent).toBe('White Shaker');
  });

  it('marks the link of the page shown (the page path, computed on the server)', () => {
    const current = within(nav)
      .getAllByRole('link', all)
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Quartz Countertops']);
    const withSlash = render('/contact/').getByRole('navigation', { name: 'Main' });
    expect(within(withSlash).getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the mobile menu', () => {
  const screen = render('/');
  const burger = screen.getByRole('button', { name: 'Open menu' });
  const dialog = screen.getByRole('dialog', { name: 'Our Offerings', hidden: true });

  it('opens a popover dialog from the hamburger, and closes it with Close; focus goes to Close when it opens', () => {
    expect(burger.getAttribute('type')).toBe('button');
    expect(burger.getAttribute('popovertarget')).toBe(dialog.id);
    expect(dialog.getAttribute('popover')).toBe('auto');
    // Not modal: the page behind is not made inert, so the dialog does not claim it.
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
    const close = within(dialog).getByRole('button', { name: 'Close', hidden: true });
    expect(close.getAttribute('popovertarget')).toBe(dialog.id);
    expect(close.getAttribute('popovertargetaction')).toBe('hide');
    expect(close.hasAttribute('autofocus')).toBe(true);
  });

  it('is an accordion of closed <details> sharing a name of their own (one submenu open at a time)', () => {
    const subs = [...dialog.querySelectorAll('details')];
    expect(subs.map((d) => [d.querySelector('summary')!.textContent, d.open])).toEqual([
      ['Kitchen Cabinets', false],
      ['Countertops', false],
    ]);
    const name = subs[0]!.getAttribute('name');
    expect(name).toBeTruthy();
    expect(subs.every((d) => d.getAttribute('name') === name)).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Main' }).querySelector('details')!.getAttribute('name')).not.toBe(
      name,
    );
    // A mega-menu's columns are the submenu's groups: title, then links.
    expect(
      within(subs[0]!)
        .getAllByRole('link', all)
        .map((a) => a.textContent),
    ).toEqual([
      'View all Kitchen Cabinets',
      'RTA Kitchen Cabinets',
      'White Shaker',
      'Semi-Custom Kitchen Cabinets',
      'Carlton',
    ]);
  });

  it('shows top-level links without a submenu as plain links', () => {
    expect(within(dialog).getByRole('link', { name: 'Contact', hidden: true }).getAttribute('href')).toBe('/contact');
  });
});
