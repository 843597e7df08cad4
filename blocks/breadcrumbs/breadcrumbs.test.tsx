import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { screenOf, PageContext } from '../../engine/testing/index.ts';
import type { Breadcrumb, PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const page: PageData = {
  path: '/products/countertops',
  route: '/products/countertops',
  status: 200,
  head: {
    title: 'Countertops',
    description: '',
    canonical: 'https://shop.test/products/countertops',
    meta: [],
    jsonLd: [],
    tagManager: false,
  },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['breadcrumbs'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

function render(breadcrumbs: Breadcrumb[]) {
  const Breadcrumbs = block.component;
  return renderToString(
    <StaticRouter location={page.path}>
      <PageContext.Provider value={{ ...page, breadcrumbs }}>
        <Breadcrumbs {...example.props} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}

describe('breadcrumbs', () => {
  it('renders the trail as a labelled ordered list, the last item current', () => {
    const html = render([
      { text: 'Home', url: '/' },
      { text: 'Products', url: '/products' },
      { text: 'Countertops', url: '/products/countertops' },
    ]);
    const screen = screenOf(html);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.firstElementChild?.tagName).toBe('OL');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Products', 'Countertops']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/products', '/products/countertops']);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, null, 'page']);
  });

  it('renders nothing without items', () => {
    expect(render([])).toBe('');
  });
});
