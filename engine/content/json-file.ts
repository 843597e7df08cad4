/**
 * A content file parsed with its source positions kept (jsonc-parser), so any JSON Pointer
 * into it maps back to line:column for lint findings.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { parsePointer } from './json-pointer.ts';

export interface Position {
  line: number; // 1-based
  column: number; // 1-based
}

export interface SyntaxProblem extends Position {
  message: string;
}

export interface JsonFile {
  /** Path relative to the content folder, with forward slashes (e.g. "pages/home.json"). */
  rel: string;
  abs: string;
  text: string;
  value: unknown;
  tree: Node | undefined;
  syntaxErrors: SyntaxProblem[];
}

/** Offsets of line starts, for offset -> line:column. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

// Computed once per file: a lint run asks for many positions in the same large file.
const startsCache = new WeakMap<JsonFile, number[]>();
function fileLineStarts(file: JsonFile): number[] {
  let s = startsCache.get(file);
  if (!s) {
    s = lineStarts(file.text);
    startsCache.set(file, s);
  }
  return s;
}

/** line:column of an offset in a file's text. */
export const positionAt = (file: JsonFile, offset: number): Position =>
  offsetToPosition(file.text, offset, fileLineStarts(file));

function offsetToPosition(text: string, offset: number, starts = lineStarts(text)): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

const PARSE_OPTIONS = { allowTrailingComma: false, disallowComments: true };

/**
 * A valid file is read by the native JSON.parse and its syntax tree built only when a position is
 * first asked for (most files of a clean lint never are); an invalid one by jsonc-parser, for its errors.
 */
export function parseJsonFile(rel: string, abs: string, text: string): JsonFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseWithErrors(rel, abs, text);
  }
  let tree: Node | undefined;
  return {
    rel,
    abs,
    text,
    value,
    syntaxErrors: [],
    get tree() {
      tree ??= parseTree(text, [], PARSE_OPTIONS);
      return tree;
    },
  };
}

function parseWithErrors(rel: string, abs: string, text: string): JsonFile {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, PARSE_OPTIONS);
  const starts = errors.length ? lineStarts(text) : [];
  const syntaxErrors = errors.map((e) => ({
    ...offsetToPosition(text, e.offset, starts),
    message: parseErrorMessage(printParseErrorCode(e.error)),
  }));
  let value: unknown;
  if (!syntaxErrors.length && tree) value = nodeValue(tree);
  return { rel, abs, text, value, tree, syntaxErrors };
}

function parseErrorMessage(code: string): string {
  // "CommaExpected" -> "Comma expected"
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Builds the plain value from the tree (faster than a second parse of the text). */
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v) out[k.value as string] = nodeValue(v);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

/**
 * Position of the value at `pointer` (or of its property key when `key` is set). When the
 * pointer goes past what exists, the deepest existing ancestor's position is returned.
 */
export function positionOf(file: JsonFile, pointer: string, opts: { key?: boolean } = {}): Position {
  const { node, complete } = nodeAt(file, pointer);
  if (!node) return { line: 1, column: 1 };
  const target = opts.key && complete && node.parent?.type === 'property' ? node.parent : node;
  return positionAt(file, target.offset);
}

/** The deepest syntax node on the pointer's path, and whether the whole path exists. */
export function nodeAt(file: JsonFile, pointer: string): { node: Node | undefined; complete: boolean } {
  let node = file.tree;
  if (!node) return { node, complete: false };
  for (const seg of parsePointer(pointer)) {
    const next = childNode(node, seg);
    if (!next) return { node, complete: false };
    node = next;
  }
  return { node, complete: true };
}

function childNode(node: Node, seg: string): Node | undefined {
  if (node.type === 'array') return /^\d+$/.test(seg) ? node.children?.[Number(seg)] : undefined;
  if (node.type !== 'object') return undefined;
  for (const prop of node.children ?? []) {
    const [k, v] = prop.children ?? [];
    if (k?.value === seg) return v;
  }
  return undefined;
}
