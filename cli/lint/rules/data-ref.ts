/**
 * Every `$data` reference resolves. Item-relative ones ("#/title") are checked against every
 * item of every collection whose page (or layout) holds them, and are an error where a route
 * without an item would render them. Collection sources must resolve to items.
 */
import {
  isDataRef,
  kindOf,
  lookupDataRef,
  parseDataRef,
  type JsonFile,
  type RouteEntry,
} from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { dataRefsOf } from '../file-memo.ts';
import { defineRule } from '../rule.ts';
import { replaceInString } from '../positions.ts';
import { isObj } from '../values.ts';

/** Which routes render each page file and each template file. */
function routesByFile(ctx: LintContext) {
  const out = new Map<string, RouteEntry[]>();
  const add = (rel: string, r: RouteEntry) => {
    const users = out.get(rel);
    if (users) users.push(r);
    else out.set(rel, [r]);
  };
  for (const r of ctx.routes) {
    const page = ctx.value(`pages/${r.page}.json`);
    add(`pages/${r.page}.json`, r);
    add(
      `templates/${(isObj(page) && typeof page.template === 'string' ? page.template : r.template) ?? 'default'}.json`,
      r,
    );
  }
  return out;
}

const listed = (paths: string[]) =>
  paths.length > 3 ? `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more` : paths.join(', ');

/** Pages named by a collection in routes.json, whether or not it expanded (broken or empty source). */
function collectionPages(ctx: LintContext): Set<string> {
  const routes = ctx.value('routes.json');
  const collections = isObj(routes) && Array.isArray(routes.collections) ? routes.collections : [];
  return new Set(collections.flatMap((c) => (isObj(c) && typeof c.page === 'string' ? [`pages/${c.page}.json`] : [])));
}

function checkItemRef(
  ctx: LintContext,
  rel: string,
  ref: string,
  pointer: string,
  users: RouteEntry[],
  collectionPage: boolean,
) {
  const name = `${kindOf(rel)} "${rel.replace(/^\w+\/|\.json$/g, '')}"`;
  const plain = users.filter((r) => r.item === undefined);
  if (!users.length || plain.length === users.length) {
    if (collectionPage && !plain.length) return; // its collection has no items (empty, or reported as broken)
    ctx.report({
      file: rel,
      pointer,
      message: `"${ref}" refers to a collection item, but ${name} is not used by any collection route`,
    });
    return;
  }
  if (plain.length) {
    ctx.report({
      file: rel,
      pointer,
      message: `"${ref}" refers to a collection item, but ${name} is also used by ${listed(plain.map((r) => `"${r.path}"`))}, which ${plain.length === 1 ? 'has' : 'have'} no item`,
    });
    return;
  }
  const failing = users.filter((r) => !lookupDataRef(ref, { site: ctx.site, item: r.item }).ok);
  if (failing.length)
    ctx.report({
      file: rel,
      pointer,
      message: `"${ref}" does not resolve for ${failing.length} of ${users.length} collection items: ${listed(failing.map((r) => r.path))}`,
    });
}

/**
 * "Did you mean" for a reference that misses: the keys of the object where its pointer first
 * leaves the data, the fix writing the nearest one over that segment. Suggestions name the
 * segment alone; only a segment written plainly (no ~ or % escapes) gets a fix.
 */
function suggestKey(ctx: LintContext, rel: string, pointer: string, ref: string) {
  const { file, segments } = parseDataRef(ref);
  let cur = file === undefined ? undefined : ctx.value(file);
  let i = 0;
  for (; i < segments.length; i++) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return { suffix: '' };
    if (!Object.hasOwn(cur, segments[i]!)) break;
    cur = (cur as Record<string, unknown>)[segments[i]!];
  }
  if (i === segments.length || !isObj(cur)) return { suffix: '' };
  const raw = ref.slice(ref.indexOf('#') + 1).split('/');
  const start = ref.indexOf('#') + 1 + raw.slice(0, i + 1).join('/').length + 1;
  const plain = raw[i + 1] === segments[i];
  const replace = plain
    ? (replaceInString(
        ctx.site.files.get(rel),
        pointer,
        segments[i]!,
        ref.slice(0, start + segments[i]!.length),
        start,
      ) ?? null)
    : null;
  return ctx.suggest(segments[i]!, Object.keys(cur), { file: rel, pointer, replace });
}

/** Follows a reference whose target is itself a reference; reports a cycle. */
function checkChain(ctx: LintContext, rel: string, ref: string, pointer: string, value: unknown) {
  const chain = [ref];
  while (isDataRef(value)) {
    chain.push(value.$data);
    if (chain.indexOf(value.$data) < chain.length - 1)
      return ctx.report({
        file: rel,
        pointer,
        message: `"${ref}" never resolves: the references form a cycle (${chain.join(' -> ')})`,
      });
    const next = lookupDataRef(value.$data, { site: ctx.site });
    if (!next.ok) return; // reported where that reference is written
    value = next.value;
  }
}

function checkCollections(ctx: LintContext) {
  const routes = ctx.value('routes.json');
  const reported = new Set<string>();
  if (isObj(routes) && Array.isArray(routes.collections))
    routes.collections.forEach((c, i) => {
      if (!isObj(c) || typeof c.source !== 'string') return;
      const pointer = `/collections/${i}/source`;
      let file: string | undefined;
      try {
        file = parseDataRef(c.source).file;
      } catch {
        // reported below as not resolving
      }
      if (file && !ctx.site.files.has(file)) {
        reported.add(`/collections/${i}`); // missing-file's
        return;
      }
      const found = lookupDataRef(c.source, { site: ctx.site });
      const what = `collection "${String(c.path)}": source "${c.source}"`;
      if (!found.ok) ctx.report({ file: 'routes.json', pointer, message: `${what} does not resolve: ${found.reason}` });
      else if (found.value === null || typeof found.value !== 'object')
        ctx.report({
          file: 'routes.json',
          pointer,
          message: `${what} must point to an array or an object of items, found ${found.value === null ? 'null' : typeof found.value}`,
        });
      else return;
      reported.add(`/collections/${i}`);
    });
  // Items that cannot fill the collection's path (the route table dropped that collection).
  for (const p of ctx.routeProblems)
    if (!reported.has(p.pointer.split('/').slice(0, 3).join('/')))
      ctx.report({ file: 'routes.json', pointer: p.pointer, message: p.message });
}

/** One reference of a file: it parses, resolves (or names a missing file), and an item reference has its items. */
function checkRef(ctx: LintContext, f: JsonFile, ref: string, at: string) {
  const kind = kindOf(f.rel);
  const pointer = `${at}/$data`;
  let file: string | undefined;
  try {
    file = parseDataRef(ref).file;
  } catch (e) {
    ctx.report({ file: f.rel, pointer, message: `"${ref}" is not a valid reference: ${(e as Error).message}` });
    return;
  }
  if (file) {
    if (!ctx.site.files.has(file)) return; // missing-file reports it
    const found = lookupDataRef(ref, { site: ctx.site });
    if (!found.ok) {
      const { suffix, ...suggested } = suggestKey(ctx, f.rel, pointer, ref);
      ctx.report({
        file: f.rel,
        pointer,
        message: `"${ref}" does not resolve: ${found.reason}${suffix}`,
        ...suggested,
      });
    } else checkChain(ctx, f.rel, ref, pointer, found.value);
  } else if (kind === 'page' || kind === 'template') {
    const users = ctx.memo('data-ref-users', () => routesByFile(ctx));
    const ofCollections = ctx.memo('data-ref-collections', () => collectionPages(ctx));
    checkItemRef(ctx, f.rel, ref, pointer, users.get(f.rel) ?? [], ofCollections.has(f.rel));
  }
  // Item references inside data files depend on which page pulls them in: not checked here.
}

export default defineRule({
  meta: {
    code: 'data-ref',
    name: 'Unresolved data reference',
    severity: 'error',
    docs: {
      description: 'Every $data reference and collection source resolves; item references only on collection pages.',
      url: 'docs/rules/data-ref.md',
    },
  },
  // A template's item references are checked against the routes whose page (or the route) names it.
  inputs: ['routes', 'pages', 'templates'],
  check(ctx) {
    checkCollections(ctx);
    for (const f of ctx.site.files.values())
      if (f.rel.startsWith('templates/'))
        for (const { ref, pointer } of dataRefsOf(f)) if (ref.startsWith('#')) checkRef(ctx, f, ref, pointer);
  },
  fileInputs: ['routes', 'references'],
  checkFile(ctx, f) {
    for (const { ref, pointer } of dataRefsOf(f))
      if (!(ref.startsWith('#') && f.rel.startsWith('templates/'))) checkRef(ctx, f, ref, pointer);
  },
});
