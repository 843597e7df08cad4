import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../engine/index.ts';
import { PageContext } from '../../engine/render/context.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import type { LinkCardsProps } from '../../schemas/types/blocks/link-cards.ts';

const page: PageData = {
  path: '/products',
  route: '/products',
  status: 200,
  head: { title: 'Products', description: '', canonical: 'https://shop.test/products', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['link-cards'],
  site: { name: 'Hearthline Cabinetry', origin: 'https://shop.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
};

function render(props: LinkCardsProps) {
  const LinkCards = block.component;
  return renderToString(
    <StaticRouter location={page.path}>
      <PageContext.Provider value={page}>
        <LinkCards {...props} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}

describe('link-cards', () => {
  it('renders the section heading and one linked card per entry', () => {
    const html = render(example.props as LinkCardsProps);
    expect(html).toMatch(/<h2[^>]*>Shop by category<\/h2>/);
    expect(html).toContain('Every cabinet box is solid plywood');
    expect(html).toMatch(/<h3[^>]*><a[^>]*href="\/products\/kitchen-cabinets"[^>]*>Kitchen Cabinets<\/a><\/h3>/);
    expect(html).toMatch(/<h3[^>]*><a[^>]*href="\/products\/countertops"[^>]*>Countertops<\/a><\/h3>/);
    expect(html).toContain('Quartz and granite, templated and cut to your layout.');
  });

  it('gives images their size, alt text and lazy loading', () => {
    const html = render(example.props as LinkCardsProps);
    const img = /<img([^>]*)>/.exec(html)![1]!;
    expect(img).toContain('src="/images/kitchen-shaker-white.svg"');
    expect(img).toContain('alt="White shaker kitchen with an island"');
    expect(img).toContain('width="640"');
    expect(img).toContain('height="420"');
    expect(img).toContain('loading="lazy"');
  });

  it('uses h2 card titles without a section title', () => {
    const html = render({ cards: example.props.cards } as LinkCardsProps);
    expect(html).not.toContain('<h3');
    expect(html.match(/<h2/g)).toHaveLength(2);
  });
});
