/**
 * Every file the content refers to exists: route pages, templates, forms, menus and data files
 * (`$data`, collection sources), and local images. Runs in `joinery check`, before a build
 * would fail with a bundler "module not found".
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import { formFile, menuFile, pageFile, parseDataRef, templateFile, type JsonFile } from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { isAssetLink, linksIn, type FoundLink } from '../links.ts';
import { positionInString, replaceInString } from '../positions.ts';
import { defineRule } from '../rule.ts';
import { KEBAB_CASE } from '../../scaffold/names.ts';
import { maxDistance } from '../suggest.ts';
import { isObj, list, str } from '../values.ts';
import { blocksOf, forEachString, forEachStringIn } from '../walk.ts';
import { dataRefsOf } from '../file-memo.ts';

/** `joinery new KIND NAME` when the name is one the scaffold accepts. */
const newFix = (kind: 'page' | 'form', name: string) =>
  KEBAB_CASE.test(name) ? `joinery new ${kind} ${name}` : `create ${kind}s/${name}.json`;

/** What a data-ref target is called in a message, by its folder. */
const LABELS: Record<string, string> = {
  menus: 'menu file',
  pages: 'page file',
  forms: 'form file',
  templates: 'template file',
};
const fileLabel = (rel: string) => LABELS[rel.split('/')[0]!] ?? 'data file';

function checkRoutes(ctx: LintContext, has: (rel: string) => boolean) {
  const routes = ctx.value('routes.json');
  if (!isObj(routes)) return;
  const defaults = isObj(routes.defaults) ? str(routes.defaults.template) : undefined;
  if (defaults !== undefined && !has(templateFile(defaults)))
    ctx.report({
      file: 'routes.json',
      pointer: '/defaults/template',
      message: `default template "${defaults}": file ${templateFile(defaults)} does not exist`,
      fix: `create ${templateFile(defaults)}`,
    });
  let implicitDefault: string | undefined; // first route that falls back to templates/default.json
  // A mistyped page name most likely meant a page no route uses yet.
  const routed = new Set(['routes', 'collections'].flatMap((k) => list(routes[k]).map((r) => isObj(r) && str(r.page))));
  const unrouted = namesIn(ctx, 'pages').filter((n) => !routed.has(n));
  for (const kind of ['routes', 'collections'] as const) {
    list(routes[kind]).forEach((r, i) => {
      if (!isObj(r)) return;
      const pointer = `/${kind}/${i}`;
      const what = `${kind === 'routes' ? 'route' : 'collection'} "${str(r.path) ?? pointer}"`;
      const page = str(r.page);
      if (page !== undefined && !has(pageFile(page)))
        reportName(ctx, { file: 'routes.json', pointer: `${pointer}/page` }, page, unrouted, {
          message: `${what}: page file ${pageFile(page)} does not exist`,
          fix: newFix('page', page),
        });
      const template = str(r.template);
      if (template !== undefined && !has(templateFile(template)))
        reportName(ctx, { file: 'routes.json', pointer: `${pointer}/template` }, template, namesIn(ctx, 'templates'), {
          message: `${what}: template file ${templateFile(template)} does not exist`,
          fix: `create ${templateFile(template)}`,
        });
      const pageValue = page !== undefined ? ctx.value(pageFile(page)) : undefined;
      if (
        template === undefined &&
        defaults === undefined &&
        !(isObj(pageValue) && typeof pageValue.template === 'string')
      )
        implicitDefault ??= pointer;
      if (kind === 'collections') checkSource(ctx, has, str(r.source), `${pointer}/source`, what);
    });
  }
  if (implicitDefault && !has(templateFile('default')))
    ctx.report({
      file: 'routes.json',
      pointer: implicitDefault,
      message: `routes without a template use "default", but ${templateFile('default')} does not exist`,
      fix: `create ${templateFile('default')}`,
    });
}

/** The names of the content files in a folder ("pages" -> "home", "about", ...). */
const namesIn = (ctx: LintContext, folder: string) =>
  [...ctx.site.files.keys()].filter((f) => f.startsWith(`${folder}/`)).map((f) => f.slice(folder.length + 1, -5));

/** A file named by a value that does not exist: the nearest existing name when there is one, else how to create it. */
function reportName(
  ctx: LintContext,
  at: { file: string; pointer: string },
  name: string,
  known: string[],
  r: { message: string; fix: string },
) {
  const { suffix, ...suggested } = ctx.suggest(name, known, at);
  ctx.report({ ...at, message: `${r.message}${suffix}`, ...(suffix ? suggested : { fix: r.fix }) });
}

function checkSource(
  ctx: LintContext,
  has: (rel: string) => boolean,
  source: string | undefined,
  pointer: string,
  what: string,
) {
  const file = source === undefined ? undefined : safeFile(source);
  if (file && !has(file))
    ctx.report({
      file: 'routes.json',
      pointer,
      message: `${what}: ${fileLabel(file)} ${file} does not exist`,
      fix: `create ${file}`,
    });
}

function safeFile(ref: string): string | undefined {
  try {
    return parseDataRef(ref).file;
  } catch {
    return undefined; // a malformed pointer is data-ref's to report
  }
}

export default defineRule({
  meta: {
    code: 'missing-file',
    name: 'Missing file',
    severity: 'error',
    docs: {
      description: 'Every page, template, form, menu, data file and image the content refers to exists.',
      url: 'docs/rules/missing-file.md',
    },
  },
  fast: true,
  // A route's page may name its template.
  inputs: ['routes', 'pages'],
  check(ctx) {
    checkRoutes(ctx, (rel) => ctx.site.files.has(rel));
  },
  fileInputs: ['images'],
  checkFile(ctx, file) {
    const has = (rel: string) => ctx.site.files.has(rel);
    const v = file.value;
    if (v === undefined) return;
    // A page's own layout.
    if (file.rel.startsWith('pages/') && isObj(v) && typeof v.template === 'string' && !has(templateFile(v.template)))
      reportName(ctx, { file: file.rel, pointer: '/template' }, v.template, namesIn(ctx, 'templates'), {
        message: `page "${file.rel.slice(6, -5)}": template file ${templateFile(v.template)} does not exist`,
        fix: `create ${templateFile(v.template)}`,
      });
    // `$data` targets (menus, catalogues, data) wherever they appear.
    for (const { ref, pointer } of dataRefsOf(file)) {
      const target = safeFile(ref);
      if (!target || has(target)) continue;
      const at = { file: file.rel, pointer: `${pointer}/$data` };
      const replace = (ref.startsWith(target) && replaceInString(file, at.pointer, target)) || null;
      const folder = target.slice(0, target.lastIndexOf('/') + 1);
      const siblings = [...ctx.site.files.keys()].filter((f) => f.startsWith(folder) && f.endsWith('.json'));
      const { suffix, ...suggested } = ctx.suggest(target, siblings, {
        ...at,
        replace,
        maxDistance: pathSlack(target),
      });
      ctx.report({
        ...at,
        message: `${fileLabel(target)} ${target} does not exist (referenced by "${ref}")${suffix}`,
        ...(suffix ? suggested : { fix: `create ${target}` }),
      });
    }
    // image path -> exists, per run (dev re-lints)
    checkAssets(
      ctx,
      file,
      ctx.memo('missing-file-assets', () => new Map<string, boolean>()),
    );

    // Forms and menus named by a block prop: { "form": "contact-us" }, { "menu": "main" }.
    blocksOf(ctx, file, (block, rel, pointer) =>
      forEachString(block.props, `${pointer}/props`, (name, key, at) => {
        if (key !== 'form' && key !== 'menu') return;
        const p = at();
        if (!p.endsWith(`/${key}`)) return; // an array under "form" is not a form name
        const kind = key;
        const target = kind === 'form' ? formFile(name) : menuFile(name);
        if (!has(target))
          reportName(ctx, { file: rel, pointer: p }, name, namesIn(ctx, `${kind}s`), {
            message: `${kind} "${name}": file ${target} does not exist`,
            fix: kind === 'form' ? newFix('form', name) : `create ${target}`,
          });
      }),
    );
  },
});

/** A mistyped path is judged by its file name: the folders add length, not room for mistakes. */
const pathSlack = (path: string) => maxDistance(path.slice(path.lastIndexOf('/') + 1));

/** Every file under the site's images/ folder as the path a link writes ("/images/a/b.webp"). */
function imagePaths(dir: string): string[] {
  if (!existsSync(join(dir, 'images'))) return [];
  return readdirSync(join(dir, 'images'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${relative(dir, join(e.parentPath, e.name)).split(sep).join('/')}`);
}

/** Local images ("/images/...") must exist under the site's images/ folder. */
function checkAssets(ctx: LintContext, file: JsonFile, cache: Map<string, boolean>) {
  const { rel } = file;
  const imagesDir = join(ctx.site.dir, 'images');
  let images: string[] | undefined; // listed once a missing image needs suggestions
  forEachStringIn(file, (s, key, at) => {
    if (key === '$schema' || !s.includes('/images/')) return;
    const links: FoundLink[] = isAssetLink(s) ? [{ url: s }] : linksIn(s, key, false).filter((l) => isAssetLink(l.url));
    for (const { url, needle, skip } of links) {
      let path = url.split(/[?#]/)[0]!;
      try {
        path = decodeURIComponent(path);
      } catch {
        // keep it encoded; it will simply not be found
      }
      // Keyed by the path: the site folder is the same for the whole run.
      let exists = cache.get(path);
      if (exists === undefined) {
        const abs = normalize(join(ctx.site.dir, path));
        exists = abs.startsWith(imagesDir + sep) && existsSync(abs);
        cache.set(path, exists);
      }
      if (exists) continue;
      const expected = path.slice(1);
      const pointer = at();
      const source = ctx.site.files.get(rel);
      const written = url.split(/[?#]/)[0]!;
      const replace =
        (written === path && replaceInString(source, pointer, path, needle ?? url, needle ? skip : 0)) || null;
      images ??= imagePaths(ctx.site.dir);
      const { suffix, ...suggested } = ctx.suggest(path, images, {
        file: rel,
        pointer,
        replace,
        maxDistance: pathSlack(path),
      });
      ctx.report({
        file: rel,
        pointer,
        message: `image "${url}": file ${expected} does not exist${suffix}`,
        ...(suffix ? suggested : { fix: `add the image at ${expected}` }),
        ...(needle && { position: positionInString(source, pointer, needle, skip) }),
      });
    }
  });
}
