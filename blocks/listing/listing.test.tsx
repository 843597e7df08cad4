import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../engine/index.ts';
import { PageContext } from '../../engine/render/context.ts';
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
  site: { name: 'Hearthline Cabinetry', origin: 'https://shop.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
};

/** Renders as the prerender does: on the server, with a query the HTML must ignore. */
function render(props: ListingProps, url = page.path + '?page=2&sort=z-a') {
  const Listing = block.component;
  return renderToString(
    <StaticRouter location={url}>
      <PageContext.Provider value={page}>
        <Listing {...props} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}

const props = example.props as ListingProps;
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('listing', () => {
  it('prerenders the first page in the authored order, whatever the query', () => {
    const html = render(props);
    expect(html.match(/<article/g)).toHaveLength(2);
    expect(html).toMatch(/<h3[^>]*><a[^>]*href="\/products\/kitchen-cabinets\/rta-kitchen-cabinets\/aw"[^>]*>Aspen White Shaker<\/a><\/h3>/);
    expect(html).toContain('Black Shaker');
    expect(html).not.toContain('White Gloss Slab');
    expect(text(html)).toContain('Showing 1–2 of 3');
  });

  it('shows price, badges, description cut at 350 characters and 6 bullets, then Read more', () => {
    const html = render(props);
    expect(text(html)).toContain('From $4,290.00 per 10x10 kitchen');
    expect(html).toContain('Best seller');
    const aw = props.items[0]!;
    expect(aw.description!.length).toBeGreaterThan(350);
    const desc = /<p class="[^"]*description[^"]*">([^<]*)<\/p>/.exec(html)![1]!;
    expect(desc.length).toBeLessThanOrEqual(351);
    expect(desc.endsWith('…')).toBe(true);
    const bullets = /<ul class="[^"]*bullets[^"]*">(.*?)<\/ul>/.exec(html)![1]!;
    expect(bullets.match(/<li>/g)).toHaveLength(6);
    expect(bullets).not.toContain('Ships in 3 to 5 days');
    expect(text(html)).toContain('Read more about Aspen White Shaker');
    // the second card has nothing cut: no Read more
    expect(text(html)).not.toContain('Read more about Black Shaker');
  });

  it('has a labelled sort select, one filter group per facet and page links that keep the query', () => {
    const html = render(props);
    expect(html).toMatch(/<label for="([^"]+)">Sort by<\/label><select id="\1"/);
    for (const o of ['Name: A to Z', 'Name: Z to A', 'Newest first', 'Oldest first']) expect(html).toContain(`>${o}</option>`);
    expect(html).toContain('<legend class="jv-sr-only">Color</legend>');
    expect(html).toContain('<legend class="jv-sr-only">Door style</legend>');
    expect(html).toMatch(/<input type="checkbox" name="doorStyle" value="slab"/);
    expect(html).toMatch(/<nav[^>]*aria-label="Pagination"/);
    expect(html).toContain('href="/products/kitchen-cabinets/rta-kitchen-cabinets?page=2"');
    expect(html).toMatch(/aria-current="page"[^>]*><span class="jv-sr-only">Page <\/span>1<\/a>/);
  });

  it('load-more and infinite-scroll show a visible Load more button instead of page links', () => {
    for (const pagination of ['load-more', 'infinite-scroll'] as const) {
      const html = render({ ...props, pagination });
      expect(html).not.toContain('aria-label="Pagination"');
      expect(text(html)).toContain('Load more (1 more)');
      expect(text(html)).toContain('Showing 2 of 3');
    }
  });

  it('says No items available when there is nothing to list', () => {
    const html = render({ ...props, items: [] });
    expect(text(html)).toContain('No items available');
    expect(html).not.toContain('<article');
    expect(html).not.toContain('Pagination');
  });
});
