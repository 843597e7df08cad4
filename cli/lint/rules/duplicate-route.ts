/**
 * No two routes share a path: static routes and every item a collection expands to. Dynamic
 * patterns that differ only in parameter names ("/a/:id" and "/a/:slug") are the same route.
 */
import type { RouteEntry } from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { pathOf } from '../links.ts';
import { positionOf } from '../../../engine/lint.ts';
import { defineRule } from '../rule.ts';

const keyOf = (path: string) => (path === '*' ? '*' : pathOf(path).replace(/\/:[^/]+/g, '/:'));

/** Where the first route is: "/about" at routes.json:12:15, or item 0 of the same collection. */
function describeRoute(ctx: LintContext, first: RouteEntry, item: number | undefined, dup: RouteEntry) {
  if (item !== undefined && first.source.pointer === dup.source.pointer) return `item ${item} of the same collection`;
  const file = ctx.site.files.get(first.source.file);
  const pos = file ? positionOf(file, `${first.source.pointer}/path`) : { line: 1, column: 1 };
  return `"${first.path}" declared at ${first.source.file}:${pos.line}:${pos.column}${item === undefined ? '' : ` (item ${item} of that collection)`}`;
}

export default defineRule({
  meta: {
    code: 'duplicate-route',
    name: 'Duplicate route',
    severity: 'error',
    docs: {
      description: 'No two routes, static or expanded from a collection, have the same path.',
      url: 'docs/rules/duplicate-route.md',
    },
  },
  inputs: ['routes'],
  check(ctx) {
    const first = new Map<string, { route: RouteEntry; item?: number }>();
    const itemCount = new Map<string, number>();
    for (const route of ctx.routes) {
      let item: number | undefined;
      if (route.item !== undefined) {
        item = itemCount.get(route.source.pointer) ?? 0;
        itemCount.set(route.source.pointer, item + 1);
      }
      const key = keyOf(route.path);
      const prev = first.get(key);
      if (!prev) {
        first.set(key, { route, item });
        continue;
      }
      const what = item === undefined ? `route "${route.path}"` : `collection item ${item} path "${route.path}"`;
      ctx.report({
        file: route.source.file,
        pointer: `${route.source.pointer}/path`,
        message: `${what} duplicates ${describeRoute(ctx, prev.route, prev.item, route)}`,
      });
    }
  },
});
