/**
 * Builds a page's data from the route, its page file and its layout: blocks placed in regions,
 * every `$data` reference resolved, each block's schema defaults filled in (its component reads
 * them from its props), and the head computed.
 */
import { resolveDataRefs } from '../content/data-ref.ts';
import { pageFile, templateFile, fileValue, type Site } from '../content/load-site.ts';
import { shopRulesOf } from '../commerce/shop.ts';
import type { Commerce } from '../../schemas/types/site.ts';
import { defaultsOf, type BlockContracts } from '../blocks/contract.ts';
import { withDefaults } from '../blocks/defaults.ts';
import { buildHead, type JsonLdFacts } from '../head/head.ts';
import { blogJsonLdFacts } from '../head/json-ld-blog.ts';
import type { RoutesFile } from '../routes/route-table.ts';
import type { OrganizationFacts, ProductFacts } from '../head/json-ld.ts';
import type { BlockInstance, BlockNode, PageData, PublicSite, RegionNode, RouteEntry } from '../types.ts';

interface PageFile {
  template?: string;
  blocks: BlockInstance[];
}
interface TemplateFile {
  regions: { name: string; tag?: RegionNode['tag']; slot?: 'page'; blocks?: BlockInstance[] }[];
}
export interface SiteFile extends Omit<PublicSite, 'commerce'> {
  /** Also the hosts each integration loads from (engine/content/integration-hosts.ts), for the server's CSP. */
  integrations: PublicSite['integrations'] & { hosts?: unknown };
  organization?: OrganizationFacts;
  adminEmails?: string[];
  theme?: Record<string, string>;
  commerce?: Commerce;
}

class PageBuildError extends Error {}

/** The settings blocks read; the CSP host lists are the server's, not every page's data. */
function clientIntegrations(i: SiteFile['integrations'] | undefined = {}): PublicSite['integrations'] {
  const { hosts: _hosts, ...settings } = i;
  return settings;
}

/** routes.json's collection routes: source -> path pattern, for links blocks build (the blog's). */
function collectionPatterns(site: Site): Record<string, string> {
  const collections = fileValue<RoutesFile>(site, 'routes.json')?.collections ?? [];
  return Object.fromEntries(collections.map((c) => [c.source, c.path]));
}

export function publicSite(site: Site): PublicSite {
  const s = fileValue<SiteFile>(site, 'site.json');
  if (!s) throw new PageBuildError('site.json is missing or invalid');
  return {
    name: s.name,
    origin: s.origin.replace(/\/+$/, ''),
    language: s.language ?? 'en',
    currency: s.currency,
    ...(s.commerce && { commerce: shopRulesOf(s) }),
    collections: collectionPatterns(site),
    breakpoints: s.breakpoints,
    integrations: clientIntegrations(s.integrations),
    ...(s.logo && { logo: s.logo }),
    ...(s.favicon && { favicon: s.favicon }),
  };
}

export interface PageDataOptions {
  /** The concrete URL path (defaults to the route's path). */
  path?: string;
  status?: number;
  /** Product facts for routes with the product flag (supplied by the catalogue). */
  productFacts?: (route: RouteEntry) => ProductFacts | undefined;
  /** Props by block key that replace the content's (build-time resolvers, engine/prerender/resolve.ts). */
  blockProps?: ReadonlyMap<string, Record<string, unknown>>;
  /** The blocks' schemas (defaults) and JSON-LD contributions, by type; none: props as written, no FAQ or video JSON-LD. */
  blocks?: BlockContracts;
}

export function buildPageData(site: Site, route: RouteEntry, opts: PageDataOptions = {}): PageData {
  const page = fileValue<PageFile>(site, pageFile(route.page));
  if (!page) throw new PageBuildError(`page "${route.page}" (${pageFile(route.page)}) is missing or invalid`);
  const templateName = page.template ?? route.template ?? 'default';
  const template = fileValue<TemplateFile>(site, templateFile(templateName));
  if (!template)
    throw new PageBuildError(`template "${templateName}" (${templateFile(templateName)}) is missing or invalid`);
  const ctx = { site, item: route.item };
  const toNodes = (blocks: BlockInstance[] | undefined, prefix: string): BlockNode[] =>
    (blocks ?? []).map((b, i) => {
      const key = b.id ?? `${prefix}-${i}`;
      return {
        key,
        type: b.type,
        props: withDefaults(
          opts.blockProps?.get(key) ?? resolveDataRefs(b.props ?? {}, ctx),
          defaultsOf(opts.blocks, b.type),
        ),
        ...(b.visibleOn && { visibleOn: b.visibleOn }),
        ...(b.load && { load: b.load }),
      };
    });
  const regions: RegionNode[] = template.regions.map((r) => ({
    name: r.name,
    tag: r.tag ?? (r.slot === 'page' ? 'main' : 'div'),
    blocks: r.slot === 'page' ? toNodes(page.blocks, 'page') : toNodes(r.blocks, r.name),
  }));
  const siteInfo = publicSite(site);
  const path = opts.path ?? route.path;
  const facts = regions
    .filter((r) => r.tag === 'main')
    .flatMap((r) => r.blocks)
    .flatMap((b): JsonLdFacts[] => {
      const jsonLd = opts.blocks?.[b.type]?.jsonLd;
      return jsonLd ? [jsonLd(b.props)] : [];
    });
  const head = buildHead({
    route,
    path,
    site: siteInfo,
    org: fileValue<SiteFile>(site, 'site.json')?.organization ?? {},
    facts,
    product: route.flags.product ? opts.productFacts?.(route) : undefined,
    ...blogJsonLdFacts(site, siteInfo, route),
  });
  return {
    path,
    route: route.path,
    status: opts.status ?? 200,
    head,
    breadcrumbs: route.breadcrumbs,
    regions,
    blockTypes: [...new Set(regions.flatMap((r) => r.blocks.map((b) => b.type)))],
    site: siteInfo,
  };
}
