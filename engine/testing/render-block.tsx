/**
 * Test helper: a block's component rendered to HTML inside a router and a page context, with
 * the props as a page writes them: its schema's defaults filled in as the page data does
 * (the defaults of each type come from `setBlockDefaults`, which the test setup calls).
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { withDefaults, type Defaults } from '../blocks/defaults.ts';
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

/** Props as a page writes them: any prop, nested ones too, may be left to its schema default. */
export type WrittenProps<P> = P extends readonly (infer I)[]
  ? WrittenProps<I>[]
  : P extends object
    ? { [K in keyof P]?: WrittenProps<P[K]> }
    : P;

let defaultsOfType: (type: string) => Defaults | undefined = () => undefined;

/** Where the test helpers find a block type's schema defaults. */
export function setBlockDefaults(source: (type: string) => Defaults | undefined): void {
  defaultsOfType = source;
}

/** The props with the block's schema defaults filled in, as the page data gives them to its component. */
export function blockProps<P>(block: BlockDefinition<P>, props: WrittenProps<NoInfer<P>>): P {
  return withDefaults(props, defaultsOfType(block.type)) as P;
}

export function renderBlock<P>(
  block: BlockDefinition<P>,
  props: WrittenProps<NoInfer<P>>,
  opts: { path?: string; site?: PublicSite } = {},
): string {
  const Component = block.component as ComponentType<P & object>;
  const page = testPage(opts.path, opts.site);
  return renderToString(
    <StaticRouter location={page.path}>
      <PageContext.Provider value={page}>
        <Component {...(blockProps(block, props) as P & object)} />
      </PageContext.Provider>
    </StaticRouter>,
  );
}
