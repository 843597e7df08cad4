/**
 * Every `$query` in block props is well formed once its references resolve: `from` a list,
 * `where` of path: value, `select` of key: "dotted.path" (engine/content/data-query.ts). A
 * collection page's query is checked with the first item using the page; references that do
 * not resolve are data-ref's findings.
 */
import { DataRefError, isDataQuery, queryProblems, resolveDataRefsToRead } from '../../../engine/lint.ts';
import { defineRule } from '../rule.ts';
import { blocksOf, escapeSegment } from '../walk.ts';

const QUERY_KEYS = ['from', 'where', 'select', 'limit'];

/** Each `$query` object inside a value, with its JSON Pointer. */
function findQueries(value: unknown, base: string, out: { query: unknown; pointer: string }[] = []) {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      findQueries(v, `${base}/${i}`, out);
    });
  else if (value !== null && typeof value === 'object') {
    if (isDataQuery(value)) out.push({ query: value.$query, pointer: `${base}/$query` });
    for (const [k, v] of Object.entries(value)) findQueries(v, `${base}/${escapeSegment(k)}`, out);
  }
  return out;
}

export default defineRule({
  meta: {
    code: 'data-query',
    name: 'Malformed data query',
    severity: 'error',
    docs: {
      description: 'Every $query in block props has a list to query and well-formed where, select and limit.',
      url: 'docs/rules/data-query.md',
    },
  },
  fileInputs: ['routes', 'references'],
  checkFile(ctx, f) {
    blocksOf(ctx, f, (block, file, pointer, { item }) => {
      for (const q of findQueries(block.props, `${pointer}/props`)) {
        let resolved: unknown;
        try {
          resolved = resolveDataRefsToRead(q.query, { site: ctx.site, item });
        } catch (e) {
          if (e instanceof DataRefError) continue;
          throw e;
        }
        for (const message of queryProblems(resolved)) {
          const unknown = /^"\$query" has an unknown key "(.*)" \(/.exec(message)?.[1];
          // A mistyped key points at itself, with the nearest of the keys a query has.
          const at =
            unknown === undefined
              ? undefined
              : { file, pointer: `${q.pointer}/${escapeSegment(unknown)}`, atKey: true };
          const { suffix, ...suggested } = at ? ctx.suggest(unknown!, QUERY_KEYS, at) : { suffix: '' };
          ctx.report({
            ...(at ?? { file, pointer: q.pointer }),
            message: `block "${block.type}": ${suffix ? message.replace(/ \(allowed: [^)]*\)$/, suffix) : message}`,
            ...suggested,
          });
        }
      }
    });
  },
});
