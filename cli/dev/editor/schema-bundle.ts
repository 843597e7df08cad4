/**
 * A block's props schema made self-contained for the browser's form: every `$ref` into another
 * file is copied under the schema's own `$defs` and pointed there, and `$schema`/`$id` are left
 * out (the form validates nothing itself; the linter does, on the server).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

type Schema = { [k: string]: unknown };

const fileCache = new Map<string, Schema>();
const readSchema = (file: string): Schema => {
  let s = fileCache.get(file);
  if (!s) {
    s = JSON.parse(readFileSync(file, 'utf8')) as Schema;
    fileCache.set(file, s);
  }
  return s;
};

function at(root: Schema, pointer: string): unknown {
  let node: unknown = root;
  for (const seg of pointer.split('/').filter(Boolean))
    node = (node as Schema | undefined)?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

export function bundleSchema(file: string): Schema {
  const defs: Schema = {};
  const root = readSchema(file);
  const rootDir = dirname(file);
  // A definition's name: its file and pointer, made a single pointer segment.
  const nameOf = (abs: string, pointer: string) =>
    `${relative(rootDir, abs).replace(/[^a-z0-9]+/gi, '_')}${pointer.replace(/[^a-z0-9]+/gi, '_')}`;

  const rewrite = (node: unknown, abs: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n, abs));
    if (node === null || typeof node !== 'object') return node;
    const out: Schema = {};
    for (const [k, v] of Object.entries(node as Schema)) {
      if (k === '$schema' || k === '$id') continue;
      out[k] = k === '$ref' && typeof v === 'string' ? refTo(v, abs) : rewrite(v, abs);
    }
    return out;
  };

  const refTo = (ref: string, abs: string): string => {
    const [path = '', pointer = ''] = ref.split('#');
    const target = path ? join(dirname(abs), path) : abs;
    if (target === file) return `#${pointer}`;
    const name = nameOf(target, pointer);
    if (!(name in defs)) {
      defs[name] = {};
      defs[name] = rewrite(at(readSchema(target), pointer), target);
    }
    return `#/$defs/${name}`;
  };

  const out = rewrite(root, file) as Schema;
  return Object.keys(defs).length ? { ...out, $defs: { ...(out.$defs as Schema | undefined), ...defs } } : out;
}
