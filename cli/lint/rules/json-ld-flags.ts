/**
 * A structured-data flag whose page type lacks the data of a property search engines require:
 * faq without a block with `faqs`, video without a block with `videos` or with a video missing
 * its upload date or thumbnail, product without a catalogue style with an image and a price,
 * article without a blog post, blog without posts, localBusiness without the organization's
 * address, breadcrumb on a page in the sitemap without breadcrumb items. The engine leaves out
 * what it cannot build, so the author would believe the page has rich results it does not have.
 */
import {
  blogJsonLdFacts,
  getAtPointer,
  isCanonicalRoute,
  pageFile,
  parsePointer,
  publicSite,
  resolveDataRefsToRead,
  siteProductFacts,
  templateFile,
  youtubeId,
  type BlockInstance,
  type RouteEntry,
  type SchemaFlags,
} from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { defineRule } from '../rule.ts';
import { isObj, list, str } from '../values.ts';

type Flag = keyof SchemaFlags;
/** What a check finds missing: the message's end, after "has the <flag> schema on, but ". */
type Check = (ctx: LintContext, route: RouteEntry, facts: SiteFacts) => string[];

/** What the checks share for one run: the site's product and page facts. */
interface SiteFacts {
  product: ReturnType<typeof siteProductFacts>;
  blocks: Map<RouteEntry, BlockInstance[]>;
}

/** The blocks the head reads for a route: the page's own and those of its layout's main regions. */
function mainBlocks(ctx: LintContext, route: RouteEntry): BlockInstance[] {
  const page = ctx.value<{ template?: string; blocks?: unknown }>(pageFile(route.page));
  if (!isObj(page)) return [];
  const template = ctx.value<{ regions?: unknown }>(templateFile(page.template ?? route.template ?? 'default'));
  const regions = list(isObj(template) ? template.regions : undefined).filter(isObj);
  const fromTemplate = regions.filter((r) => r.tag === 'main' && r.slot !== 'page').flatMap((r) => list(r.blocks));
  return [...list(page.blocks), ...fromTemplate].filter(
    (b): b is BlockInstance => isObj(b) && typeof b.type === 'string',
  );
}

/** A prop of the route's main blocks, each resolved; undefined when a reference cannot be (data-ref's finding). */
function propValues(ctx: LintContext, route: RouteEntry, facts: SiteFacts, prop: string): unknown[][] | undefined {
  const blocks = facts.blocks.get(route) ?? mainBlocks(ctx, route);
  facts.blocks.set(route, blocks);
  const out: unknown[][] = [];
  for (const b of blocks) {
    let props: unknown;
    try {
      props = resolveDataRefsToRead(b.props ?? {}, { site: ctx.site, item: route.item });
    } catch {
      return undefined;
    }
    if (isObj(props) && Array.isArray(props[prop]) && props[prop].length > 0) out.push(props[prop]);
  }
  return out;
}

const noBlock = (prop: string, emits: string) => (ctx: LintContext, route: RouteEntry, facts: SiteFacts) => {
  const found = propValues(ctx, route, facts, prop);
  return found && !found.length
    ? [`page "${route.page}" has no block with "${prop}": no ${emits} structured data is emitted`]
    : [];
};

/** Each video needs the upload date and a thumbnail (a YouTube video's is found at build time). */
const videoChecks: Check = (ctx, route, facts) => {
  const found = propValues(ctx, route, facts, 'videos');
  if (!found) return [];
  if (!found.length) return noBlock('videos', 'VideoObject')(ctx, route, facts);
  return found.flat().flatMap((v) => {
    if (!isObj(v)) return [];
    const title = str(v.title) ?? '(untitled)';
    const youtube = v.videoType !== 'file' && !!youtubeId(str(v.videoUrl) ?? '');
    return [
      ...(str(v.uploadDate) ? [] : [`video "${title}" has no uploadDate, which VideoObject requires`]),
      ...(youtube || str(v.thumbnail) ? [] : [`video "${title}" has no thumbnail, which VideoObject requires`]),
    ];
  });
};

const productChecks: Check = (_ctx, route, facts) => {
  const p = facts.product(route);
  if (!p) return [`"${route.path}" is not a catalogue style: no Product structured data is emitted`];
  return [
    ...(p.image?.length ? [] : [`style "${p.name}" has no image, which Product requires`]),
    ...(p.price !== undefined && p.price > 0
      ? []
      : [`style "${p.name}" has no price above 0, which Product's offer requires`]),
  ];
};

function blogFacts(ctx: LintContext, route: RouteEntry) {
  try {
    return blogJsonLdFacts(ctx.site, publicSite(ctx.site), route);
  } catch {
    return {}; // no site.json: the schema and missing-file rules say so
  }
}

const articleChecks: Check = (ctx, route) => {
  const post = blogFacts(ctx, route).blogPosting;
  if (!post) return [`"${route.path}" is not a post of data/blogs.json: no BlogPosting structured data is emitted`];
  return post.image?.length ? [] : [`post "${post.headline}" has no image, which BlogPosting needs`];
};

const blogChecks: Check = (ctx, route) =>
  blogFacts(ctx, route).blog?.posts.length
    ? []
    : ['data/blogs.json has no posts for it (or routes.json no blog collections): no Blog structured data is emitted'];

const localBusinessChecks: Check = (ctx) => {
  const org = ctx.value<{ organization?: { address?: unknown } }>('site.json')?.organization;
  return isObj(org?.address)
    ? []
    : ['site.json has no organization.address, which LocalBusiness requires: no address is emitted'];
};

/** Only pages search engines are asked to index (in the sitemap) need breadcrumb items. */
const breadcrumbChecks: Check = (_ctx, route) =>
  route.breadcrumbs.length || !route.sitemap || route.dynamic || !isCanonicalRoute(route)
    ? []
    : ['it has no breadcrumbs: no BreadcrumbList structured data is emitted'];

const CHECKS: [Flag, Check][] = [
  ['faq', noBlock('faqs', 'FAQPage')],
  ['video', videoChecks],
  ['product', productChecks],
  ['article', articleChecks],
  ['blog', blogChecks],
  ['localBusiness', localBusinessChecks],
  ['breadcrumb', breadcrumbChecks],
];

/** Reports, in routes.json, each flag of these routes whose data is missing. */
function checkRoutes(ctx: LintContext, routes: RouteEntry[]) {
  if (!routes.length) return;
  const routesFile = ctx.site.files.get('routes.json');
  const lookup = (pointer: string) => {
    try {
      return routesFile ? getAtPointer(routesFile.value, parsePointer(pointer)) : undefined;
    } catch {
      return undefined;
    }
  };
  const facts: SiteFacts = {
    product: ctx.memo('json-ld-flags-products', () => siteProductFacts(ctx.site)),
    blocks: new Map(),
  };
  const seen = new Set<string>();
  for (const route of routes) {
    for (const [flag, check] of CHECKS) {
      if (!route.flags[flag]) continue;
      const at = `${route.source.pointer}/schemas/${flag}`;
      const pointer = lookup(at) !== undefined ? at : route.source.pointer;
      const collection = route.source.pointer.startsWith('/collections/');
      const where = collection
        ? `collection "${String(lookup(`${route.source.pointer}/path`) ?? route.path)}"`
        : `route "${route.path}"`;
      for (const missing of check(ctx, route, facts)) {
        const message = `${where} has the ${flag} schema on, but ${missing}`;
        if (seen.has(`${pointer}\n${message}`)) continue;
        seen.add(`${pointer}\n${message}`);
        ctx.report({ file: 'routes.json', pointer, atKey: pointer === at, message });
      }
    }
  }
}

export default defineRule({
  meta: {
    code: 'json-ld-flags',
    name: 'Structured-data flag without its data',
    severity: 'warning',
    docs: {
      description:
        'A route with a structured-data flag on has the data of the properties its type requires (FAQs, videos with upload dates, a priced style, a blog post, the address, breadcrumbs).',
      url: 'docs/rules/json-ld-flags.md',
    },
  },
  // The routes whose page file is missing.
  inputs: ['routes', 'templates', 'site', 'data'],
  check(ctx) {
    checkRoutes(
      ctx,
      ctx.routes.filter((r) => !ctx.site.files.has(pageFile(r.page))),
    );
  },
  // A page's routes: the page, its layout, and the files their blocks' references name.
  fileInputs: ['routes', 'templates', 'site', 'data', 'references'],
  checkFile(ctx, file) {
    const routes = ctx.memo('json-ld-flags-pages', () => {
      const byPage = new Map<string, RouteEntry[]>();
      for (const r of ctx.routes) {
        const list = byPage.get(pageFile(r.page));
        if (list) list.push(r);
        else byPage.set(pageFile(r.page), [r]);
      }
      return byPage;
    });
    checkRoutes(ctx, routes.get(file.rel) ?? []);
  },
});
