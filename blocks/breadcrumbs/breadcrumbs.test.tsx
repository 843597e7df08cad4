import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Breadcrumb, PageData } from '../../engine/index.ts';
import { PageContext } from '../../engine/render/context.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const page: PageData = {
  path: '/products/countertops',
  route: '/products/countertops',
  status: 200,
  head: { title: 'Countertops', description: '', canonical: 'https://shop.test/products/countertops', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['breadcrumbs'],
  site: { name: 'Hearthline Cabinetry', origin: 'https://shop.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
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
    expect(html).toMatch(/^<nav[^>]*aria-label="Breadcrumb"[^>]*><ol/);
    const links = [...html.matchAll(/<a([^>]*)>([^<]*)<\/a>/g)].map((m) => ({ attrs: m[1]!, text: m[2] }));
    expect(links.map((l) => l.text)).toEqual(['Home', 'Products', 'Countertops']);
    expect(links[0]!.attrs).toContain('href="/"');
    expect(links[1]!.attrs).not.toContain('aria-current');
    expect(links[2]!.attrs).toContain('aria-current="page"');
    expect(links[2]!.attrs).toContain('href="/products/countertops"');
  });

  it('renders nothing without items', () => {
    expect(render([])).toBe('');
  });
});
