/**
 * Every internal link points to a route: link props and path-shaped strings in blocks and menus,
 * links inside texts (markdown and HTML), link-keyed values in data files, and breadcrumbs.
 */
import { kindOf, matchPath } from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { isPageLink, linksIn, pathOf } from '../links.ts';
import { positionInString, replaceInString } from '../positions.ts';
import { defineRule } from '../rule.ts';
import { forEachStringIn } from '../walk.ts';

/** Answers "is there a route for this path?": static paths exactly, `:param` patterns per segment. */
function routeMatcher(ctx: LintContext) {
  const exact = new Set<string>();
  const patterns: string[] = [];
  for (const r of ctx.routes) {
    if (r.path === '*') continue; // the catch-all is the 404 page, not a target
    if (r.dynamic) patterns.push(r.path);
    else exact.add(pathOf(r.path));
  }
  const known = new Map<string, boolean>(); // the same links recur in menus and on many pages
  return (path: string) => {
    let ok = known.get(path);
    if (ok === undefined) {
      ok = exact.has(path) || patterns.some((p) => matchPath(p, path) !== null);
      known.set(path, ok);
    }
    return ok;
  };
}

type LinkCheck = (file: string, at: string | (() => string), url: string, needle?: string, skip?: number) => void;

/** Reports a link to no route, once per file, pointer and link; undefined without a route table. */
function linkChecker(ctx: LintContext): LinkCheck | undefined {
  if (ctx.value('routes.json') === undefined) return undefined; // no route table to check against
  const { exists, paths } = ctx.memo('broken-link', () => ({
    exists: routeMatcher(ctx),
    // Static paths are what a mistyped link most likely meant (the catch-all and patterns are not).
    paths: [...new Set(ctx.routes.filter((r) => !r.dynamic && r.path !== '*').map((r) => pathOf(r.path)))],
  }));
  const seen = new Set<string>();
  return (file, at, url, needle, skip) => {
    const path = pathOf(url);
    if (!isPageLink(url) || exists(path)) return;
    const pointer = typeof at === 'string' ? at : at();
    if (seen.has(`${file}${pointer}${url}`)) return;
    seen.add(`${file}${pointer}${url}`);
    const source = ctx.site.files.get(file);
    const replace = replaceInString(source, pointer, path, needle ?? url, needle ? skip : 0) ?? null;
    const { suffix, ...suggested } = ctx.suggest(path, paths, { file, pointer, replace });
    ctx.report({
      file,
      pointer,
      message: `link "${url}"${needle ? ' in the text' : ''} points to no route${suffix}`,
      ...(needle && { position: positionInString(source, pointer, needle, skip) }),
      ...suggested,
    });
  };
}

export default defineRule({
  meta: {
    code: 'broken-link',
    name: 'Broken link',
    severity: 'error',
    docs: {
      description: 'Every internal link in blocks, menus, texts and breadcrumbs points to a route that exists.',
      url: 'docs/rules/broken-link.md',
    },
  },
  inputs: ['routes'],
  check(ctx) {
    // Breadcrumbs, as filled for each route (collection items included).
    const check = linkChecker(ctx);
    if (!check) return;
    for (const r of ctx.routes)
      r.breadcrumbs.forEach((b, j) => {
        check('routes.json', `${r.source.pointer}/breadcrumbs/${j}/url`, b.url);
      });
  },
  fileInputs: ['routes'],
  checkFile(ctx, f) {
    if (f.value === undefined || f.rel === 'routes.json') return;
    const check = linkChecker(ctx);
    if (!check) return;
    const kind = kindOf(f.rel);
    // In blocks and menus a bare path can only be a link; elsewhere only link-keyed values are.
    const anyPath = kind === 'page' || kind === 'template' || kind === 'menu';
    forEachStringIn(f, (s, key, pointer) => {
      if (key === '$schema' || key === '$data' || key === 'type') return;
      for (const l of linksIn(s, key, anyPath)) check(f.rel, pointer, l.url, l.needle, l.skip);
    });
  },
});
