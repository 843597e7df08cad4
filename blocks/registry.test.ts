/**
 * The block list agrees with the folders: every folder with a component is listed in
 * blocks/index.ts under the type its defineBlock({ type }) names, and a folder's build.ts
 * exports only what the build reads of it (cli/blocks.ts finds schema.json, build.ts and
 * client.ts by their names, so a misspelt export would be silently ignored).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockLoaders } from './index.ts';

const BLOCKS_DIR = import.meta.dirname;
const types = Object.keys(blockLoaders);
const folders = readdirSync(BLOCKS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(BLOCKS_DIR, e.name, 'index.tsx')))
  .map((e) => e.name);
const withBuild = folders.filter((t) => existsSync(join(BLOCKS_DIR, t, 'build.ts')));

describe('block registry', () => {
  it('lists every block folder, and only those', () => {
    expect([...types].sort()).toEqual([...folders].sort());
  });

  it.each(types)('%s: the registry key, the folder and defineBlock({ type }) name the same type', async (type) => {
    const def = (await blockLoaders[type as keyof typeof blockLoaders]()).default;
    expect(def.type).toBe(type);
  });

  it.each(withBuild)('%s: build.ts exports functions named resolve or jsonLd, nothing else', async (type) => {
    const mod = (await import(join(BLOCKS_DIR, type, 'build.ts'))) as Record<string, unknown>;
    const exports = Object.keys(mod);
    expect(exports.length).toBeGreaterThan(0);
    for (const name of exports) {
      expect(['resolve', 'jsonLd']).toContain(name);
      expect(typeof mod[name]).toBe('function');
    }
  });
});
