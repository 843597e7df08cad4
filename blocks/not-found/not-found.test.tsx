import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, PageContext } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const page: PageData = {
  path: '/no-such-page',
  route: '*',
  status: 404,
  head: {
    title: 'Page Not Found',
    description: '',
    canonical: 'https://shop.test/no-such-page',
    meta: [],
    jsonLd: [],
    tagManager: false,
  },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['not-found'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

function render(props: Record<string, unknown>) {
  const NotFound = block.component;
  return screenOf(
    renderToString(
      <StaticRouter location={page.path}>
        <PageContext.Provider value={page}>
          <NotFound {...blockProps(block, props)} />
        </PageContext.Provider>
      </StaticRouter>,
    ),
  );
}

describe('not-found', () => {
  it('shows title, subtitle, image, Go back and Go to home', () => {
    const screen = render(example.props);
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeTruthy();
    expect(screen.getByText(/The link may be old, or the page may have moved\./)).toBeTruthy();
    const img = screen.getByRole('img', { name: 'An open, empty kitchen cabinet' });
    expect(['src', 'width', 'height'].map((a) => img.getAttribute(a))).toEqual(['/images/not-found.svg', '480', '320']);
    expect(screen.getByRole('button', { name: 'Go back' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('needs no title, subtitle or image', () => {
    const screen = render({});
    expect(screen.queryAllByRole('heading')).toEqual([]);
    expect(screen.container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' })).toBeTruthy();
  });
});
