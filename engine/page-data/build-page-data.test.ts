import { describe, expect, it } from 'vitest';
import type { BlockContracts } from '../blocks/contract.ts';
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
      {
        type: 'text',
        props: { text: 'x', faqs: [{ question: 'Not shown', answer: 'in the JSON-LD' }] },
        visibleOn: ['desktop'],
      },
    ],
  },
  'data/faqs.json': { items: [{ question: 'Do you ship?', answer: 'Yes, across the US.' }] },
});

const blocks: BlockContracts = {
  faq: {
    schema: {
      type: 'object',
      properties: { title: { type: 'string', default: 'Questions' }, faqs: { type: 'array' } },
    },
    jsonLd: (props) => ({ faq: props.faqs as { question: string; answer: string }[] }),
  },
  // Props named like another block's JSON-LD facts, which it does not declare.
  text: {
    schema: { type: 'object', properties: { width: { default: 'narrow' } } },
  },
};

describe('buildPageData', () => {
  const data = buildPageData(site, buildRouteTable(site)[0]!, { blocks });

  it("places the page blocks in the layout slot with resolved props and their schema's defaults", () => {
    expect(data.regions.map((r) => [r.name, r.tag, r.blocks.length])).toEqual([
      ['header', 'header', 0],
      ['main', 'main', 2],
    ]);
    expect(data.regions[1]!.blocks[0]!.props).toEqual({
      faqs: [{ question: 'Do you ship?', answer: 'Yes, across the US.' }],
      title: 'Questions',
    });
    expect(data.regions[1]!.blocks[1]!.props).toEqual({
      text: 'x',
      faqs: [{ question: 'Not shown', answer: 'in the JSON-LD' }],
      width: 'narrow',
    });
    expect(data.regions[1]!.blocks[1]!.visibleOn).toEqual(['desktop']);
    expect(data.blockTypes).toEqual(['faq', 'text']);
  });

  it('builds the head: title, description, meta, canonical, BreadcrumbList and FAQPage from the blocks that declare it', () => {
    expect(data.head.title).toBe('FAQs');
    expect(data.head.canonical).toBe('https://shop.test/faqs');
    expect(data.head.meta).toEqual([{ name: 'robots', content: 'index' }]);
    expect(data.head.jsonLd.map((j) => j['@type'])).toEqual(['BreadcrumbList', 'FAQPage']);
    expect(data.head.jsonLd[1]).toMatchObject({ mainEntity: [{ name: 'Do you ship?' }] });
  });

  it("without the blocks' contracts: the props as written, no FAQPage", () => {
    const bare = buildPageData(site, buildRouteTable(site)[0]!);
    expect(bare.regions[1]!.blocks[0]!.props).toEqual({
      faqs: [{ question: 'Do you ship?', answer: 'Yes, across the US.' }],
    });
    expect(bare.head.jsonLd.map((j) => j['@type'])).toEqual(['BreadcrumbList']);
  });
});
