import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, PageContext } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import example from './example.json' with { type: 'json' };
import block, { EMPTY_TEXT, LOADING_TEXT, SELECT_ONE_TEXT } from './index.tsx';

const page: PageData = {
  path: '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton',
  route: '/products/{category}/{subcategory}/{slug}',
  status: 200,
  head: { title: 'Carlton', description: '', canonical: 'https://shop.test/', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['sample-list'],
  site: {
    name: 'Hearthline Cabinetry',
    origin: 'https://shop.test',
    language: 'en',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
    integrations: {},
  },
};

describe('sample-list', () => {
  it('prerenders its title and "Loading samples..." (the samples arrive in the browser)', () => {
    const SampleList = block.component;
    const html = renderToString(
      <StaticRouter location={page.path}>
        <PageContext.Provider value={page}>
          <SampleList {...blockProps(block, example.props)} />
        </PageContext.Provider>
      </StaticRouter>,
    );
    const screen = screenOf(html);
    expect(screen.getByRole('heading', { level: 2, name: 'Order sample doors' })).toBeTruthy();
    expect(screen.getByText(example.props.intro)).toBeTruthy();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading samples...');
    expect(screen.queryAllByRole('button', { hidden: true })).toEqual([]);
  });

  it('words its states exactly as the spec', () => {
    expect(LOADING_TEXT).toBe('Loading samples...');
    expect(EMPTY_TEXT).toBe('No sample items available for this style.');
    expect(SELECT_ONE_TEXT).toBe('Please select at least one sample.');
  });
});
