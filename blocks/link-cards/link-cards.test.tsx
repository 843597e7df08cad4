import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { screenOf, PageContext } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import type { LinkCardsProps } from '../../schemas/types/blocks/link-cards.ts';

const page: PageData = {
  path: '/products',
  route: '/products',
  status: 200,
  head: {
    title: 'Products',
    description: '',
    canonical: 'https://shop.test/products',
    meta: [],
    jsonLd: [],
    tagManager: false,
  },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['link-cards'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

function render(props: LinkCardsProps) {
  const LinkCards = block.component;
  return screenOf(
    renderToString(
      <StaticRouter location={page.path}>
        <PageContext.Provider value={page}>
          <LinkCards {...props} />
        </PageContext.Provider>
      </StaticRouter>,
    ),
  );
}

describe('link-cards', () => {
  it('renders the section heading and one linked card per entry', () => {
    const screen = render(example.props as LinkCardsProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Shop by category' })).toBeTruthy();
    expect(screen.getByText(/Every cabinet box is solid plywood/)).toBeTruthy();
    const cards = screen.getAllByRole('heading', { level: 3 });
    expect(cards.map((h) => [h.textContent, h.querySelector('a')?.getAttribute('href')])).toEqual(
      expect.arrayContaining([
        ['Kitchen Cabinets', '/products/kitchen-cabinets'],
        ['Countertops', '/products/countertops'],
      ]),
    );
    expect(screen.getByText('Quartz and granite, templated and cut to your layout.')).toBeTruthy();
  });

  it('gives images their size, alt text and lazy loading', () => {
    const img = render(example.props as LinkCardsProps).getByRole('img', {
      name: 'White shaker kitchen with an island',
    });
    expect(['src', 'width', 'height', 'loading'].map((a) => img.getAttribute(a))).toEqual([
      '/images/kitchen-shaker-white.svg',
      '640',
      '420',
      'lazy',
    ]);
  });

  it('uses h2 card titles without a section title', () => {
    const screen = render({ cards: example.props.cards } as LinkCardsProps);
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });
});
