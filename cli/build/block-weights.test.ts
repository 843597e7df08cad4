import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlockRegistry } from '../../engine/node.ts';
import { blockWeights, budgetWarnings, overBudget, weightTable } from './block-weights.ts';

const dir = mkdtempSync(join(tmpdir(), 'joinery-weights-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A build: the runtime entry, island a (its chunk, a chunk only it loads, one it shares with b),
// island b, and static c (its chunk is built but never loaded).
const files: Record<string, string> = {
  'entry.js': 'runtime();'.repeat(50),
  'a.js': 'islandA();'.repeat(300),
  'only-a.js': Array.from({ length: 400 }, (_, i) => `x${i}=${i * 7919};`).join(''),
  'ab.js': 'shared();'.repeat(40),
  'b.js': 'islandB();'.repeat(20),
  'c.js': 'staticC();'.repeat(20),
};
mkdirSync(join(dir, 'dist', 'site', 'assets'), { recursive: true });
mkdirSync(join(dir, 'dist', 'site', '.vite'), { recursive: true });
for (const [f, body] of Object.entries(files)) writeFileSync(join(dir, 'dist', 'site', 'assets', f), body);
const chunk = (file: string, src?: string, imports: string[] = []) => ({ file: `assets/${file}`, src, imports });
writeFileSync(
  join(dir, 'dist', 'site', '.vite', 'manifest.json'),
  JSON.stringify({
    'engine/client/entry.tsx': { ...chunk('entry.js', 'engine/client/entry.tsx'), isEntry: true },
    'blocks/a/index.tsx': chunk('a.js', 'blocks/a/index.tsx', ['_only-a.js', '_ab.js']),
    '_only-a.js': chunk('only-a.js'),
    '_ab.js': chunk('ab.js'),
    'blocks/b/index.tsx': chunk('b.js', 'blocks/b/index.tsx', ['_ab.js']),
    'blocks/c/index.tsx': chunk('c.js', 'blocks/c/index.tsx'),
  }),
);
for (const t of ['a', 'b', 'c']) mkdirSync(join(dir, 'blocks', t), { recursive: true });
writeFileSync(join(dir, 'blocks', 'a', 'a.module.css'), '.box {\n  color: red;\n  padding: 1rem;\n}\n');
const island = { start: 'load', code: 'component' } as const;
const registry = {
  a: { type: 'a', component: () => null, island, budget: { js: 0.5, css: 1 } },
  b: { type: 'b', component: () => null, island },
  c: { type: 'c', component: () => null },
} as unknown as BlockRegistry;
const gz = (s: string) => gzipSync(s, { level: 9 }).length;

describe('block weights', () => {
  const weights = blockWeights(join(dir, 'dist'), registry, { blocksDir: join(dir, 'blocks') });
  const a = weights.find((w) => w.type === 'a')!;

  it("count an island's own chunk and what only it loads as its own, a chunk it shares apart, no runtime", () => {
    expect(a.js).toBe(gz(files['a.js']!) + gz(files['only-a.js']!));
    expect(a.sharedJs).toBe(gz(files['ab.js']!));
    expect(weights.find((w) => w.type === 'b')).toMatchObject({ js: gz(files['b.js']!), kind: 'load component' });
  });

  it('give a static block no JavaScript, and each block its CSS minified', () => {
    expect(weights.find((w) => w.type === 'c')).toMatchObject({ kind: 'static', js: 0, sharedJs: 0, css: 0 });
    const source = '.box {\n  color: red;\n  padding: 1rem;\n}\n';
    expect(a.css).toBeGreaterThan(20);
    expect(a.css).toBeLessThan(gz(source));
  });

  it('name the block over its budget, and only it', () => {
    expect(overBudget(weights)).toEqual([
      `a: JavaScript ${(a.js / 1024).toFixed(1)} kB gzip over its budget of 0.5 kB`,
    ]);
    expect(budgetWarnings(join(dir, 'dist'), registry)).toHaveLength(1);
    expect(weightTable(weights).split('\n')[1]).toMatch(
      /^a\s+load component\s+\d+\.\d\s+0\.\d\s+0\.\d\s+JS 0\.5, CSS 1$/,
    );
  });
});
