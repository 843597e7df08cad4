import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../../engine/index.ts';
import { PageContext } from '../../engine/render/context.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const page: PageData = {
  path: '/no-such-page',
  route: '*',
  status: 404,
  head: { title: 'Page Not Found', description: '', canonical: 'https://shop.test/no-such-page', meta: [], jsonLd: [], tagManager: false },
  breadcrumbs: [],
  regions: [],
  blockTypes: ['not-found'],
  site: { name: 'Hearthline Cabinetry', origin: 'https://shop.test', language: 'en', currency: 'USD', breakpoints: { tablet: 768, desktop: 1201 }, integrations: {} },
};

function render(props: Record<string, unknown>) {
  const NotFound = block.component;
  return renderToString(
    <StaticRouter location={page.path}>
      <PageContext.Provider value={page}>
        <NotFound {...props} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}

describe('not-found', () => {
  it('shows title, subtitle, image, Go back and Go to home', () => {
    const html = render(example.props);
    expect(html).toMatch(/<h1[^>]*>We couldn(&#x27;|')t find that page<\/h1>/);
    expect(html).toContain('The link may be old, or the page may have moved.');
    expect(html).toMatch(/<img[^>]*src="\/images\/not-found.svg"[^>]*alt="An open, empty kitchen cabinet"[^>]*width="480"[^>]*height="320"/);
    expect(html).toMatch(/<button type="button"[^>]*>Go back<\/button>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to home<\/a>/);
  });

  it('needs no title, subtitle or image', () => {
    const html = render({});
    expect(html).not.toContain('<h1');
    expect(html).not.toContain('<img');
    expect(html).toContain('Go back');
    expect(html).toContain('Go to home');
  });
});
