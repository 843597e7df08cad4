import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../engine/index.ts';
import { PageContext } from '../../engine/render/context.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { telHref } from './tel.ts';

const page: PageData = {
  path: '/',
  route: '/',
  status: 200,
  head: { title: 'Home', description: '', canonical: 'https://shop.test/', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['site-footer'],
  site: { name: 'Hearthline Cabinetry', origin: 'https://shop.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
};

function render(props: Record<string, unknown>) {
  const Footer = block.component;
  return renderToString(
    <StaticRouter location="/">
      <PageContext.Provider value={page}>
        <Footer {...props} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}

describe('site-footer', () => {
  const html = render(example.props);

  it('renders link columns in a labelled navigation', () => {
    expect(html).toContain('aria-label="Footer"');
    expect(html).toMatch(/<h2[^>]*>Shop<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Help<\/h2>/);
    expect(html).toMatch(/<a[^>]*href="\/products\/kitchen-cabinets"[^>]*>Kitchen Cabinets<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/faqs"[^>]*>FAQs<\/a>/);
    expect(html).toMatch(/<li class="jv-hide-tablet jv-hide-desktop"><a href="sms:\+16145550143">Text us<\/a><\/li>/);
  });

  it('renders the contact details', () => {
    expect(html).toMatch(/<address[^>]*>.*2150 Westbelt Drive.*Columbus, OH 43228.*View on map<\/a><\/address>/);
    expect(html).toContain('<a href="tel:+16145550143">(614) 555-0143</a>');
    expect(html).toContain('<a href="mailto:hello@hearthlinecabinetry.com">hello@hearthlinecabinetry.com</a>');
    expect(html).toContain('Mon-Fri 9 am - 6 pm');
  });

  it('renders the copyright with the year and site name, and social links', () => {
    expect(html).toContain(`© ${new Date().getFullYear()} Hearthline Cabinetry. All rights reserved.`);
    expect(html).toMatch(/<a href="https:\/\/www.instagram.com\/hearthlinecabinetry"[^>]*>Instagram<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/www.pinterest.com\/hearthlinecabinetry"[^>]*>Pinterest<\/a>/);
  });

  it('renders only the copyright when given nothing else', () => {
    const bare = render({});
    expect(bare).not.toContain('aria-label="Footer"');
    expect(bare).toContain('Hearthline Cabinetry. All rights reserved.');
  });

  it('builds tel: links', () => {
    expect(telHref('(614) 555-0143')).toBe('tel:+16145550143');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
