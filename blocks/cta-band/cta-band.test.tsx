import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, PageContext } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const page: PageData = {
  path: '/',
  route: '/',
  status: 200,
  head: { title: 'Home', description: '', canonical: 'https://shop.test/', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['cta-band'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

describe('cta-band', () => {
  it('renders title, text and the action link', () => {
    const CtaBand = block.component;
    const html = renderToString(
      <StaticRouter location="/">
        <PageContext.Provider value={page}>
          <CtaBand {...blockProps(block, example.props)} />
        </PageContext.Provider>
      </StaticRouter>,
    );
    const screen = screenOf(html);
    expect(screen.getByRole('heading', { level: 2, name: 'Get a free 3D kitchen design' })).toBeTruthy();
    expect(screen.getByText(/a designer will plan your layout/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start my free design' }).getAttribute('href')).toBe(
      '/free-kitchen-design',
    );
  });
});
