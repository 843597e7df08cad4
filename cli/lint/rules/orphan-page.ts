/**
 * Every page file is used: by a route, a collection, or a `$data` reference into it. An unused
 * page is never built, which is rarely what its author meant. The fix adds a route "/NAME" for
 * it, certain only when that path is free (no route, pattern or collection item has it) and the
 * page reads no collection item (such a page wants a collection, not a route).
 */
import { matchPath, pageFile } from '../../../engine/lint.ts';
import { dataRefsOf, refTargetsOf } from '../file-memo.ts';
import { newRouteEdits, type RawRoute } from '../../scaffold/page.ts';
import type { LintContext } from '../context.ts';
import { pathOf } from '../links.ts';
import { defineRule } from '../rule.ts';
import { isObj, list, str } from '../values.ts';

/** Page files some route, collection or reference uses. */
function usedPages(ctx: LintContext): Set<string> {
  const used = new Set<string>();
  const routes = ctx.value('routes.json');
  if (isObj(routes))
    for (const r of [...list(routes.routes), ...list(routes.collections)]) {
      const page = isObj(r) ? str(r.page) : undefined;
      if (page !== undefined) used.add(pageFile(page));
    }
  for (const f of ctx.site.files.values()) for (const file of refTargetsOf(f)) used.add(file);
  return used;
}

/** No route serves the path: no static route, no pattern, no collection item. */
function pathIsFree(ctx: LintContext, path: string): boolean {
  return !ctx.routes.some((r) => r.path !== '*' && (pathOf(r.path) === path || matchPath(r.path, path) !== null));
}

export default defineRule({
  meta: {
    code: 'orphan-page',
    name: 'Orphan page',
    severity: 'warning',
    docs: {
      description: 'Every page file is used by a route, a collection or a $data reference.',
      url: 'docs/rules/orphan-page.md',
    },
  },
  // Any file may name a page in a `$data` reference.
  inputs: ['all'],
  check(ctx) {
    const routesFile = ctx.site.files.get('routes.json');
    const routes = ctx.value('routes.json');
    if (!routesFile || !isObj(routes)) return; // nothing to say which pages are used
    const used = usedPages(ctx);
    for (const file of ctx.site.files.values()) {
      if (!file.rel.startsWith('pages/') || !file.rel.endsWith('.json') || used.has(file.rel)) continue;
      const name = file.rel.slice('pages/'.length, -'.json'.length);
      const path = `/${name}`;
      const readsItem = dataRefsOf(file).some(({ ref }) => ref.startsWith('#'));
      const certain = pathIsFree(ctx, path) && !readsItem;
      const site = ctx.value<{ name?: unknown }>('site.json');
      ctx.report({
        file: file.rel,
        pointer: '',
        position: { line: 1, column: 1 },
        message: `page "${name}" is not used by any route or collection, so it is never built`,
        fix: certain
          ? `add a route "${path}" to routes.json (joinery lint --fix does)`
          : 'add a route for it to routes.json',
        fixes: [
          {
            description: `Add a route "${path}" for page "${name}" to routes.json`,
            file: 'routes.json',
            edits: newRouteEdits(routesFile.text, list(routes.routes) as RawRoute[], name, site?.name),
            certain,
          },
        ],
      });
    }
  },
});
