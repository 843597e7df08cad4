/** Test helper: a block's component rendered to HTML inside a router and a page context. */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { PageContext } from '../render/context.ts';
import type { BlockDefinition, PageData, PublicSite } from '../types.ts';

export const testSite: PublicSite = {
  name: 'Hearthline Cabinetry',
  origin: 'https://shop.test',
  language: 'en',
  currency: 'USD',
  breakpoints: { tablet: 768, desktop: 1201 },
  integrations: { schedulingWidgetUrl: 'https://scheduler.test/widget.js' },
  // The shipped shop's blog routes (site-config/routes.json collections).
  collections: {
    'data/blogs.json#/posts': '/blogs/{slug}',
    'data/blogs.json#/authors': '/blogs/authors/{id}',
    'data/blogs.json#/categories': '/blogs/category/{key}',
  },
};

export function testPage(path = '/', site: PublicSite = testSite): PageData {
  return {
    path,
    route: path,
    status: 200,
    head: {
      title: 'Test',
      description: '',
      canonical: `${site.origin}${path}`,
      meta: [],
      jsonLd: [],
      tagManager: false,
    },
    breadcrumbs: [],
    regions: [],
    blockTypes: [],
    site,
  };
}

export function renderBlock<P>(
  block: BlockDefinition<P>,
  props: P,
  opts: { path?: string; site?: PublicSite } = {},
): string {
  const Component = block.component as ComponentType<P & object>;
  const page = testPage(opts.path, opts.site);
  return renderToString(
    <StaticRouter location={page.path}>
      <PageContext.Provider value={page}>
        <Component {...(props as P & object)} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}
