/**
 * Who may import whom, checked on the import specifiers of the sources (tests included): each
 * layer reaches another only through that layer's public entries (DOORS), so it can move its
 * insides; a block never reaches another block's folder; the engine imports neither the server
 * nor the blocks nor the CLI; the server imports no block. A failure names each import that crosses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
function offences(
  files: string[],
  refuse: (from: string, to: string) => boolean,
  imports: (file: string) => string[] = (f) => importedPaths(f),
): string[] {
  return files.flatMap((f) => {
    const from = relative(ROOT, f).split(sep).join('/');
    return imports(f)
      .filter((to) => refuse(from, to))
      .map((to) => `${from} imports ${to}`);
  });
}

/** The public entries: the only files of a layer that another layer may import. */
const DOORS = {
  /** For blocks and the server. */
  engine: [
    'engine/index.ts', // browser-safe: components of blocks
    'engine/forms/index.ts', // the form engine
    'engine/framework-free.ts', // blocks' framework-free islands (client.ts)
    'engine/node.ts', // Node: the server, blocks' build.ts
    'engine/testing/index.ts', // tests of blocks
  ],
  /** For the CLI and the benches. */
  server: [
    'server/index.ts', // the app and running it
    'server/config.ts', // settings: environment, site.json, paths
    'server/db/index.ts', // the database and its migrations
    'server/orders/index.ts',
    'server/submissions/index.ts',
    'server/quotes/index.ts',
    'server/mail/index.ts',
    'server/site/index.ts', // content types and compression of the build
    'server/testing/index.ts', // tests and benches
  ],
} as const;

const layerOf = (path: string) => path.split('/')[0]!;
const through = (door: 'engine' | 'server', to: string) =>
  layerOf(to) === door && !(DOORS[door] as readonly string[]).includes(to);
const blockOf = (path: string) => /^blocks\/([^/]+)\//.exec(path)?.[1];

/** Each rule: the layers it reads, and whether an import `from -> to` crosses. */
const RULES = {
  'a block imports no other block folder (shared code goes through the engine)': {
    layers: ['blocks'],
    refuse: (from: string, to: string) => {
      const a = blockOf(from);
      const b = blockOf(to);
      return a !== undefined && b !== undefined && a !== b;
    },
  },
  'blocks import the engine only through its doors': {
    layers: ['blocks'],
    refuse: (_from: string, to: string) => through('engine', to),
  },
  'the server imports the engine only through its doors, and no block': {
    layers: ['server'],
    refuse: (_from: string, to: string) => through('engine', to) || layerOf(to) === 'blocks',
  },
  'the engine imports neither the server, the blocks, nor the CLI': {
    layers: ['engine'],
    refuse: (_from: string, to: string) => ['server', 'blocks', 'cli'].includes(layerOf(to)),
  },
  'the CLI and the benches import the server only through its doors': {
    layers: ['cli', 'bench'],
    refuse: (_from: string, to: string) => through('server', to),
  },
} satisfies Record<string, { layers: string[]; refuse: (from: string, to: string) => boolean }>;

describe('layering', () => {
  for (const [name, rule] of Object.entries(RULES))
    it(name, () => {
      const files = rule.layers.flatMap((l) => sourceFiles(join(ROOT, l)));
      expect(offences(files, rule.refuse)).toEqual([]);
    });

  it('every door exists', () => {
    const missing = Object.values(DOORS)
      .flat()
      .filter((d) => !existsSync(join(ROOT, d)));
    expect(missing).toEqual([]);
  });

  it('the checks see the imports they refuse, and name them', () => {
    const block = join(ROOT, 'blocks/payment-fail/index.tsx');
    const paths = importedPaths(
      block,
      "import { X } from '../checkout/checkout-api.ts';\nconst L = lazy(() => import('../checkout/x.tsx'));",
    );
    expect(paths).toEqual(['blocks/checkout/checkout-api.ts', 'blocks/checkout/x.tsx']);
    const blocks = RULES['a block imports no other block folder (shared code goes through the engine)'].refuse;
    expect(paths.every((p) => blocks('blocks/payment-fail/index.tsx', p))).toBe(true);
    const engineDoor = RULES['blocks import the engine only through its doors'].refuse;
    expect(engineDoor('blocks/cart-link/client.ts', 'engine/cart/sample-cart.ts')).toBe(true);
    expect(engineDoor('blocks/cart-link/client.ts', 'engine/framework-free.ts')).toBe(false);
    const server = RULES['the server imports the engine only through its doors, and no block'].refuse;
    expect(server('server/api/quote.ts', 'engine/commerce/money.ts')).toBe(true);
    expect(server('server/api/quote.ts', 'engine/node.ts')).toBe(false);
    expect(server('server/api/quote.ts', 'blocks/checkout/index.tsx')).toBe(true);
    const engine = RULES['the engine imports neither the server, the blocks, nor the CLI'].refuse;
    expect(engine('engine/render/shell.tsx', 'server/config.ts')).toBe(true);
    expect(engine('engine/render/shell.tsx', 'blocks/index.ts')).toBe(true);
    const cli = RULES['the CLI and the benches import the server only through its doors'].refuse;
    expect(cli('cli/commands/orders.ts', 'server/db/open.ts')).toBe(true);
    expect(cli('cli/commands/orders.ts', 'server/orders/index.ts')).toBe(false);
    const file = join(ROOT, 'cli/commands/orders.ts');
    expect(
      offences([file], cli, (f) =>
        importedPaths(
          f,
          "import { openDatabase } from '../../server/db/open.ts';\nimport { x } from './list-options.ts';",
        ),
      ),
    ).toEqual(['cli/commands/orders.ts imports server/db/open.ts']);
  });
});
