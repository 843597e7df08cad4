/**
 * The CSS a prerendered page needs for its first paint, inlined in its HTML so no stylesheet
 * blocks rendering. The full sheet is linked too, disabled (engine/render/document.ts): cached for
 * the next pages, and switched on by the boot script once the page shows a class it did not
 * have (engine/render/deferred-sheet.ts), so what an island adds once live is styled by it.
 *
 * The build's stylesheet is parsed once; a page keeps every rule that could match its markup:
 * a rule whose selectors name classes is kept when, for one of its selectors, each class named
 * (outside :not(), :is() and other functional pseudo-classes) appears in a class attribute of
 * the page. Rules without classes (elements, :root, @font-face, @keyframes: the shared base)
 * are always kept. Keeping too much is harmless; the kept rules stay in the sheet's order, so
 * the cascade is the full sheet's. Per page it is a scan of class attributes and a string join:
 * cheap enough for the 1,000-page prerender (beasties, which matches selectors against a parsed
 * DOM, took about 30-50 ms per page here).
 */
import postcss, { type AtRule, type ChildNode, type Root } from 'postcss';

type Piece =
  | { kind: 'rule'; css: string /** Class sets, one per selector; null: always kept. */; needs: string[][] | null }
  | { kind: 'group'; open: string; children: Piece[] };

// Functional pseudo-classes and attribute selectors: their classes are not required, except
// in :where(), :is() and :has() given one selector (no comma): those match only where it does.
const FUNCTIONAL = /:[\w-]+\((?:[^()]|\([^()]*\))*\)/g;
const SINGLE_ARGUMENT = /:(?:where|is|has)\(((?:[^(),]|\([^()]*\))*)\)/g;
const ATTRIBUTE = /\[[^\]]*\]/g;
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The classes a selector requires, or null when it cannot be told (escaped names): keep it. */
function requiredClasses(selector: string): string[] | null {
  if (selector.includes('\\')) return null;
  const plain = selector.replace(ATTRIBUTE, '');
  const inner = [...plain.matchAll(SINGLE_ARGUMENT)].map((m) => m[1]!);
  const bare = [plain, ...inner].map((part) => part.replace(FUNCTIONAL, '')).join(' ');
  return [...bare.matchAll(CLASS)].map((m) => m[1]!);
}

/**
 * Drops a rule that comes again later in the same context (the same at-rules around it): a
 * module that others `compose` is bundled once per importer. The cascade is unchanged: the
 * later copy wins wherever the earlier one would.
 */
function withoutEarlierCopies(pieces: Piece[]): Piece[] {
  const last = new Map<string, Piece>();
  const visit = (list: Piece[], context: string) => {
    for (const p of list) {
      if (p.kind === 'group') visit(p.children, context + p.open);
      else last.set(context + p.css, p);
    }
  };
  visit(pieces, '');
  const prune = (list: Piece[], context: string): Piece[] =>
    list.flatMap((p): Piece[] => {
      if (p.kind === 'rule') return last.get(context + p.css) === p ? [p] : [];
      const children = prune(p.children, context + p.open);
      return children.length ? [{ ...p, children }] : [];
    });
  return prune(pieces, '');
}

function piecesOf(nodes: ChildNode[]): Piece[] {
  const out: Piece[] = [];
  for (const n of nodes) {
    if (n.type === 'rule') {
      const sets = n.selectors.map(requiredClasses);
      // A selector needing no class (or one that cannot be told) may match anything.
      const always = sets.some((s) => s === null || s.length === 0) || n.nodes.some((c) => c.type !== 'decl');
      out.push({ kind: 'rule', css: n.toString(), needs: always ? null : (sets as string[][]) });
    } else if (n.type === 'atrule' && n.nodes?.some((c) => c.type === 'rule') && !/keyframes$/i.test(n.name)) {
      const a = n as AtRule;
      out.push({ kind: 'group', open: `@${a.name}${a.params ? ` ${a.params}` : ''}{`, children: piecesOf(a.nodes!) });
    } else if (n.type !== 'comment') {
      out.push({ kind: 'rule', css: n.toString() + (n.type === 'atrule' && !n.nodes ? ';' : ''), needs: null });
    }
  }
  return out;
}

function keep(pieces: Piece[], has: (c: string) => boolean): string {
  let css = '';
  for (const p of pieces) {
    if (p.kind === 'group') {
      const inner = keep(p.children, has);
      if (inner) css += `${p.open + inner}}`;
    } else if (!p.needs || p.needs.some((set) => set.every(has))) css += p.css;
  }
  return css;
}

/** The class names used in a page's markup. */
export function classesIn(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) out.add(c);
  return out;
}

/** A function giving, for a page's body markup, the rules of `css` it may use (minified as given). */
export function createCriticalCss(css: string): (html: string) => string {
  const root: Root = postcss.parse(css);
  const pieces = withoutEarlierCopies(piecesOf(root.nodes));
  return (html) => {
    const classes = classesIn(html);
    return keep(pieces, (c) => classes.has(c));
  };
}
