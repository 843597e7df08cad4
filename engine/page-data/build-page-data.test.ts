import { describe, expect, it } from 'vitest';
import { buildRouteTable } from '../routes/route-table.ts';
import { baseSite, memorySite } from '../testing/memory-site.ts';
import { buildPageData } from './build-page-data.ts';

const site = memorySite({
  ...baseSite,
  'routes.json': {
    defaults: { schemas: { breadcrumb: { addSchema: true }, faq: { addSchema: false } } },
    routes: [
      {
        path: '/faqs',
        page: 'faqs',
        title: 'FAQs',
        description: 'Answers',
        metaList: [{ name: 'robots', content: 'index' }],
        breadcrumbs: [
          { text: 'Home', url: '/' },
          { text: 'FAQs', url: '/faqs' },
        ],
        schemas: { faq: { addSchema: true } },
      },
    ],
  },
  'pages/faqs.json': {
    blocks: [
      { type: 'faq', props: { faqs: { $data: 'data/faqs.json#/items' } } },
      { type: 'text', props: { text: 'x' }, visibleOn: ['desktop'] },
    ],
  },
  'data/faqs.json': { items: [{ question: 'Do you ship?', answer: 'Yes, across the US.' }] },
});

describe('buildPageData', () => {
  const data = buildPageData(site, buildRouteTable(site)[0]!);

  it('places the page blocks in the layout slot with resolved props', () => {
    expect(data.regions.map((r) => [r.name, r.tag, r.blocks.length])).toEqual([
      ['header', 'header', 0],
      ['main', 'main', 2],
    ]);
    expect(data.regions[1]!.blocks[0]!.props).toEqual({
      faqs: [{ question: 'Do you ship?', answer: 'Yes, across the US.' }],
    });
    expect(data.regions[1]!.blocks[1]!.visibleOn).toEqual(['desktop']);
    expect(data.blockTypes).toEqual(['faq', 'text']);
  });

  it('builds the head: title, description, meta, canonical, BreadcrumbList and FAQPage from the blocks', () => {
    expect(data.head.title).toBe('FAQs');
    expect(data.head.canonical).toBe('https://shop.test/faqs');
    expect(data.head.meta).toEqual([{ name: 'robots', content: 'index' }]);
    expect(data.head.jsonLd.map((j) => j['@type'])).toEqual(['BreadcrumbList', 'FAQPage']);
  });
});
