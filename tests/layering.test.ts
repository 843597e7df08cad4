/**
 * Who may import whom, checked on the import specifiers of the sources:
 * a block reaches another block only through the engine (never `../other-block/...`), and the
 * server reaches the engine only through its public entries, so the engine can move its insides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return SOURCE.test(e.name) ? [p] : [];
  });
}

/** Relative specifiers of static imports, re-exports, `import '...'` and `import('...')`, as project paths. */
function importedPaths(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) =>
    relative(ROOT, resolve(dirname(file), s))
      .split(sep)
      .join('/'),
  );
}

/** `file imports target` for every import the rule refuses. */
function offences(files: string[], refuse: (from: string, to: string) => boolean): string[] {
  return files.flatMap((f) => {
    const from = relative(ROOT, f).split(sep).join('/');
    return importedPaths(f)
      .filter((to) => refuse(from, to))
      .map((to) => `${from} imports ${to}`);
  });
}

const blockOf = (path: string) => /^blocks\/([^/]+)\//.exec(path)?.[1];
const blockRule = (from: string, to: string) => {
  const a = blockOf(from);
  const b = blockOf(to);
  return a !== undefined && b !== undefined && a !== b;
};
const ENGINE_ENTRIES = new Set(['engine/index.ts', 'engine/node.ts']);
const serverRule = (_from: string, to: string) => to.startsWith('engine/') && !ENGINE_ENTRIES.has(to);

describe('layering', () => {
  it('a block imports no other block folder (shared code goes through the engine)', () => {
    expect(offences(sourceFiles(join(ROOT, 'blocks')), blockRule)).toEqual([]);
  });

  it('the server imports the engine only through engine/index.ts and engine/node.ts', () => {
    expect(offences(sourceFiles(join(ROOT, 'server')), serverRule)).toEqual([]);
  });

  it('the checks see the imports they refuse', () => {
    const block = join(ROOT, 'blocks/payment-fail/index.tsx');
    const paths = importedPaths(
      block,
      "import { X } from '../checkout/checkout-api.ts';\nconst L = lazy(() => import('../checkout/x.tsx'));",
    );
    expect(paths).toEqual(['blocks/checkout/checkout-api.ts', 'blocks/checkout/x.tsx']);
    expect(paths.every((p) => blockRule('blocks/payment-fail/index.tsx', p))).toBe(true);
    const server = join(ROOT, 'server/api/quote.ts');
    const [deep, entry] = importedPaths(
      server,
      "import { A } from '../../engine/commerce/money.ts';\nexport { B } from '../../engine/node.ts';",
    );
    expect(serverRule('server/api/quote.ts', deep!)).toBe(true);
    expect(serverRule('server/api/quote.ts', entry!)).toBe(false);
  });
});
