import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, type WrittenProps, PageContext } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import type { ListingProps } from '../../schemas/types/blocks/listing.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const page: PageData = {
  path: '/products/kitchen-cabinets/rta-kitchen-cabinets',
  route: '/products/kitchen-cabinets/rta-kitchen-cabinets',
  status: 200,
  head: { title: 'RTA', description: '', canonical: 'https://shop.test/x', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['listing'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

/** Renders as the prerender does: on the server, with a query the HTML must ignore. */
function render(props: WrittenProps<ListingProps>, url = `${page.path}?page=2&sort=z-a`) {
  const Listing = block.component;
  return screenOf(
    renderToString(
      <StaticRouter location={url}>
        <PageContext.Provider value={page}>
          <Listing {...blockProps(block, props)} />
        </PageContext.Provider>
      </StaticRouter>,
    ),
  );
}

const props = example.props as WrittenProps<ListingProps>;
/** The text a reader sees in the listing. */
const text = (screen: ReturnType<typeof render>) => screen.container.textContent;
const cards = (screen: ReturnType<typeof render>) => screen.queryAllByRole('article');

describe('listing', () => {
  it('prerenders the first page in the authored order, whatever the query', () => {
    const screen = render(props);
    expect(cards(screen)).toHaveLength(2);
    const aw = screen.getByRole('heading', { level: 3, name: 'Aspen White Shaker' });
    expect(aw.querySelector('a')?.getAttribute('href')).toBe('/products/kitchen-cabinets/rta-kitchen-cabinets/aw');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Aspen White Shaker',
      'Black Shaker',
    ]);
    expect(text(screen)).not.toContain('White Gloss Slab');
    expect(text(screen)).toContain('Showing 1–2 of 3');
  });

  it('shows price, badges, description cut at 350 characters and 6 bullets, then Read more', () => {
    const screen = render(props);
    expect(text(screen)).toContain('From $4,290.00 per 10x10 kitchen');
    expect(screen.getByText('Best seller')).toBeTruthy();
    const aw = props.items![0]!;
    expect(aw.description!.length).toBeGreaterThan(350);
    const card = within(cards(screen)[0]!);
    const desc = card.getByText((t) => t.startsWith(aw.description!.slice(0, 40))).textContent!;
    expect(desc.length).toBeLessThanOrEqual(351);
    expect(desc.endsWith('…')).toBe(true);
    // The bullet list (the badges are a list of their own).
    const bulletList = card.getAllByRole('list').find((l) => !within(l).queryByText('Best seller'))!;
    const bullets = within(bulletList)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(bullets).toHaveLength(6);
    expect(bullets).not.toContain('Ships in 3 to 5 days');
    expect(text(screen)).toContain('Read more about Aspen White Shaker');
    // the second card has nothing cut: no Read more
    expect(text(screen)).not.toContain('Read more about Black Shaker');
  });

  it('has a labelled sort select, one filter group per facet and page links that keep the query', () => {
    const screen = render(props);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Name: A to Z', 'Name: Z to A', 'Newest first', 'Oldest first']));
    expect(screen.getByRole('group', { name: 'Color' })).toBeTruthy();
    const doorStyle = screen.getByRole('group', { name: 'Door style' });
    expect(
      within(doorStyle)
        .getAllByRole('checkbox')
        .map((c) => `${c.getAttribute('name')}=${c.getAttribute('value')}`),
    ).toContain('doorStyle=slab');
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getAllByRole('link').map((a) => a.getAttribute('href'))).toContain(
      '/products/kitchen-cabinets/rta-kitchen-cabinets?page=2',
    );
    expect(pages.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('load-more and infinite-scroll show a visible Load more button instead of page links', () => {
    for (const pagination of ['load-more', 'infinite-scroll'] as const) {
      const screen = render({ ...props, pagination });
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
      expect(screen.getByRole('button', { name: /Load more \(1 more\)/ })).toBeTruthy();
      expect(text(screen)).toContain('Showing 2 of 3');
    }
  });

  it('gives a card with a sample an Order a sample button naming it, not yet in the cart', () => {
    const screen = render(props);
    const [aw, bc] = cards(screen).map((c) => within(c));
    expect(
      aw!.getByRole('button', { name: 'Order a sample: Aspen White Shaker sample door, Aspen White' }),
    ).toBeTruthy();
    expect(aw!.queryByRole('link', { name: 'View cart' })).toBeNull();
    expect(bc!.queryAllByRole('button')).toEqual([]);
  });

  it('says No items available when there is nothing to list', () => {
    const screen = render({ ...props, items: [] });
    expect(text(screen)).toContain('No items available');
    expect(cards(screen)).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Pagination', hidden: true })).toBeNull();
  });
});
