/**
 * Every function a reader meets, measured by its whole extent: from the first line of the
 * comments right above it to its closing brace. Test files, fixtures, generated types and the
 * dependencies are not counted. Parsed with oxc's TypeScript parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'oxc-parser';

export interface FunctionExtent {
  file: string;
  name: string;
  line: number;
  lines: number;
}

const DIRS = ['bench', 'blocks', 'cli', 'engine', 'server', 'tests'];
/** Tests, fixtures and declarations are not what a reader of the code meets first. */
const SKIPPED = /(^|\/)(node_modules|fixtures)\/|\.(test|spec)\.tsx?$|\.d\.ts$/;

/** The source files under `root`, relative to it. */
function sourceFiles(root: string): string[] {
  return DIRS.flatMap((d) =>
    readdirSync(join(root, d), { recursive: true, encoding: 'utf8' })
      .map((f) => `${d}/${f}`)
      .filter((f) => /\.tsx?$/.test(f) && !SKIPPED.test(f)),
  );
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
/** Nodes whose comments are the function's own: `export const f = () => ...`, `{ f() {...} }`. */
const WRAPPERS = new Set([
  'VariableDeclarator',
  'VariableDeclaration',
  'ExportNamedDeclaration',
  'ExportDefaultDeclaration',
  'Property',
  'MethodDefinition',
  'PropertyDefinition',
]);

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';
}

function nameOf(fn: Node, parents: Node[]): string {
  const id = fn.id as { name?: string } | null | undefined;
  if (id?.name) return id.name;
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i];
    const key = (p.id ?? p.key) as { name?: string } | undefined;
    if (key?.name) return key.name;
    if (p.type === 'CallExpression') return '(callback)';
  }
  return '(anonymous)';
}

export function functionExtents(file: string, text: string): FunctionExtent[] {
  const { program, comments } = parseSync(file, text);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  // The comments right above a node (only blank space between) belong to it.
  const firstOffset = (start: number) => {
    let at = start;
    for (let i = comments.length - 1; i >= 0; i--) {
      const c = comments[i];
      if (c.end <= at && text.slice(c.end, at).trim() === '') at = c.start;
    }
    return at;
  };
  const out: FunctionExtent[] = [];
  const visit = (node: Node, parents: Node[]) => {
    if (FUNCTIONS.has(node.type) && node.body) {
      let outer = node;
      for (let i = parents.length - 1; i >= 0 && WRAPPERS.has(parents[i].type); i--) outer = parents[i];
      const first = lineOf(firstOffset(outer.start));
      out.push({ file, name: nameOf(node, parents), line: first, lines: lineOf(node.end - 1) - first + 1 });
    }
    const next = [...parents, node];
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const v of value) isNode(v) && visit(v, next);
      else if (isNode(value)) visit(value, next);
    }
  };
  visit(program as unknown as Node, []);
  return out;
}

/** The functions longer than `limit` lines under `root`, longest first. */
export function longFunctions(root: string, limit: number): FunctionExtent[] {
  return sourceFiles(root)
    .flatMap((file) => functionExtents(file, readFileSync(join(root, file), 'utf8')))
    .filter((f) => f.lines > limit)
    .sort((a, b) => b.lines - a.lines);
}
