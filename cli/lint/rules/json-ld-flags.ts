/**
 * A structured-data flag that can produce nothing: the faq flag on a route whose page has no
 * block with `faqs`, or the video flag with no block with `videos` (the engine builds FAQPage
 * and VideoObject from those props of the page's main blocks, so the flag would emit nothing).
 */
import {
  getAtPointer,
  pageFile,
  parsePointer,
  resolveDataRefs,
  templateFile,
  type BlockInstance,
  type RouteEntry,
} from '../../../engine/node.ts';
import type { LintContext } from '../context.ts';
import { defineRule } from '../rule.ts';
import { isObj, list } from '../values.ts';

const FLAGS = [
  { flag: 'faq', prop: 'faqs', emits: 'FAQPage' },
  { flag: 'video', prop: 'videos', emits: 'VideoObject' },
] as const;

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

function hasNonEmpty(ctx: LintContext, route: RouteEntry, blocks: BlockInstance[], prop: string): boolean {
  return blocks.some((b) => {
    let props: unknown = b.props;
    try {
      props = resolveDataRefs(b.props ?? {}, { site: ctx.site, item: route.item });
    } catch {
      return true; // an unresolvable reference is data-ref's finding, not this rule's
    }
    return isObj(props) && Array.isArray(props[prop]) && props[prop].length > 0;
  });
}

export default defineRule({
  meta: {
    code: 'json-ld-flags',
    name: 'Structured-data flag with nothing to emit',
    severity: 'warning',
    docs: {
      description:
        'A route with the faq (or video) structured-data flag has a block with `faqs` (or `videos`) to build it from.',
      url: 'docs/rules/json-ld-flags.md',
    },
  },
  check(ctx) {
    const routesFile = ctx.site.files.get('routes.json');
    const seen = new Set<string>();
    for (const route of ctx.routes) {
      const blocks = FLAGS.some((f) => route.flags[f.flag]) ? mainBlocks(ctx, route) : [];
      for (const { flag, prop, emits } of FLAGS) {
        if (!route.flags[flag] || seen.has(`${route.source.pointer}:${flag}`)) continue;
        if (hasNonEmpty(ctx, route, blocks, prop)) continue;
        seen.add(`${route.source.pointer}:${flag}`);
        const at = `${route.source.pointer}/schemas/${flag}`;
        const lookup = (pointer: string) => {
          try {
            return routesFile ? getAtPointer(routesFile.value, parsePointer(pointer)) : undefined;
          } catch {
            return undefined;
          }
        };
        const pointer = lookup(at) !== undefined ? at : route.source.pointer;
        const collection = route.source.pointer.startsWith('/collections/');
        const where = collection
          ? `collection "${String(lookup(`${route.source.pointer}/path`) ?? route.path)}"`
          : `route "${route.path}"`;
        ctx.report({
          file: 'routes.json',
          pointer,
          atKey: pointer === at,
          message: `${where} has the ${flag} schema on, but page "${route.page}" has no block with "${prop}": no ${emits} structured data is emitted`,
        });
      }
    }
  },
});
