/**
 * A route that routes.json puts in the sitemap (`"sitemap": true`) while its canonical URL is
 * another page's: sitemap.xml lists canonical URLs only, so the build leaves it out.
 */
import { isCanonicalRoute } from '../../../engine/lint.ts';
import { defineRule } from '../rule.ts';
import { isObj } from '../values.ts';

export default defineRule({
  meta: {
    code: 'sitemap-canonical',
    name: 'Sitemap flag on a duplicate page',
    severity: 'warning',
    docs: {
      description:
        'A route with "sitemap": true has itself as canonical: a page whose canonical is another URL is left out of sitemap.xml.',
      url: 'docs/rules/sitemap-canonical.md',
    },
  },
  inputs: ['routes'],
  check(ctx) {
    const raw = ctx.value<{ routes?: unknown }>('routes.json');
    const routes = isObj(raw) && Array.isArray(raw.routes) ? raw.routes : [];
    for (const route of ctx.routes) {
      const m = /^\/routes\/(\d+)$/.exec(route.source.pointer);
      const entry = m ? routes[Number(m[1])] : undefined;
      if (!isObj(entry) || entry.sitemap !== true || isCanonicalRoute(route)) continue;
      ctx.report({
        file: 'routes.json',
        pointer: `${route.source.pointer}/sitemap`,
        atKey: true,
        message: `route "${route.path}" has "sitemap": true, but its canonical is "${route.canonical}": sitemap.xml lists canonical URLs only, so it is left out (remove "sitemap", or the canonical)`,
      });
    }
  },
});
