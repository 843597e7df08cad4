/**
 * A name that claims a catalogue style names one. It claims a style when it links to the style's
 * page (a route of the catalogue collection, catalogs/product-styles.json): a menu item's label, a
 * data file's card title; or when it belongs to an item that names its style (`"style": "<slug>"`,
 * e.g. an inspiration gallery finish): that item's title, and the label or title of every link to
 * the page made from that item. It names the style when it holds every distinctive word of the
 * style's name (all but door and product words: "Hudson Sage" names "Hudson Sage Shaker", "White
 * Shaker" does not name "Aspen White Shaker").
 */
import { kindOf } from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { pathOf } from '../links.ts';
import { defineRule } from '../rule.ts';
import { forEachObjectIn } from '../walk.ts';
import { isObj, list, str, type Obj } from '../values.ts';

const CATALOGUE = 'catalogs/product-styles.json';
const GENERIC = new Set(['shaker', 'kitchen', 'cabinet', 'cabinets', 'rta', 'bathroom', 'vanity', 'the']);

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Does `text` hold every distinctive word of the style's name? */
export function namesStyle(text: string, styleName: string): boolean {
  const own = new Set(words(text));
  const needed = words(styleName).filter((w) => !GENERIC.has(w));
  return (needed.length ? needed : words(styleName)).every((w) => own.has(w));
}

interface Style {
  slug: string;
  name: string;
}

/** The style each page claims: a style's own page, or the page of an item that names its style. */
function claimedStyles(ctx: LintContext, styles: Map<string, Style>): Map<string, Style> {
  const raw = ctx.value('routes.json');
  const collections = list(isObj(raw) ? raw.collections : undefined);
  const out = new Map<string, Style>();
  for (const r of ctx.routes) {
    if (!isObj(r.item)) continue;
    const m = /^\/collections\/(\d+)$/.exec(r.source.pointer);
    const source = m ? str((collections[Number(m[1])] as Obj | undefined)?.source) : undefined;
    const own = source?.startsWith(`${CATALOGUE}#`) ? styles.get(str(r.item.slug) ?? '') : undefined;
    const named = str(r.item.style);
    const style = own ?? (named === undefined ? undefined : styles.get(named));
    if (style) out.set(pathOf(r.path), style);
  }
  return out;
}

export default defineRule({
  meta: {
    code: 'style-name',
    name: 'Style name that names no style',
    severity: 'error',
    docs: {
      description:
        'A menu label, card or gallery title that claims a catalogue style (by linking to it, or by its item\'s "style") names that style.',
      url: 'docs/rules/style-name.md',
    },
  },
  fileInputs: ['routes', 'data'],
  checkFile(ctx, f) {
    const kind = kindOf(f.rel);
    if (f.value === undefined || f.rel === CATALOGUE || (kind !== 'menu' && kind !== 'data')) return;
    const { styles, byPath } = ctx.memo('style-name', () => {
      const catalogue = ctx.value(CATALOGUE);
      const styles = new Map<string, Style>();
      for (const s of list(isObj(catalogue) ? catalogue.styles : undefined)) {
        const slug = isObj(s) ? str(s.slug) : undefined;
        const name = isObj(s) ? str(s.name) : undefined;
        if (slug && name) styles.set(slug, { slug, name });
      }
      return { styles, byPath: styles.size ? claimedStyles(ctx, styles) : new Map<string, Style>() };
    });
    if (!styles.size) return;
    forEachObjectIn(f, (o, pointer) => {
      // An item that names its style: the slug exists, and its title names it.
      const slug = kind === 'data' ? str(o.style) : undefined;
      const title = str(o.title);
      if (slug !== undefined) {
        const style = styles.get(slug);
        if (!style)
          ctx.report({
            file: f.rel,
            pointer: `${pointer()}/style`,
            message: `style "${slug}" is no style of ${CATALOGUE}`,
          });
        else if (title !== undefined && !namesStyle(title, style.name))
          ctx.report({
            file: f.rel,
            pointer: `${pointer()}/title`,
            message: `"${title}" is the title of an item of style "${slug}", but does not name "${style.name}"`,
          });
      }
      // A link that claims a style by where it goes.
      const url = str(o.url);
      const key = kind === 'menu' ? 'label' : 'title';
      const text = str(o[key]);
      if (url === undefined || text === undefined || !url.startsWith('/')) return;
      const style = byPath.get(pathOf(url));
      if (style && !namesStyle(text, style.name))
        ctx.report({
          file: f.rel,
          pointer: `${pointer()}/${key}`,
          message: `"${text}" links to ${pathOf(url)}, a page of the style "${style.name}", but does not name it`,
        });
    });
  },
});
