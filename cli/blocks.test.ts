/** The parts of a block found in its folder by name: build.ts, and client.ts as its island declares. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockDefinition, IslandDeclaration } from '../engine/types.ts';
import { islandClientFiles, loadBlockContracts } from './blocks.ts';

/** A blocks folder with a client.ts for the types named, and a registry declaring the islands given. */
function blocksWith(clients: string[], islands: Record<string, IslandDeclaration | undefined>) {
  const dir = mkdtempSync(join(tmpdir(), 'jv-blocks-'));
  for (const type of clients) {
    mkdirSync(join(dir, type));
    writeFileSync(join(dir, type, 'client.ts'), 'export const start = () => {};\n');
  }
  const registry = Object.fromEntries(
    Object.entries(islands).map(([type, island]) => [type, { type, component: () => null, island } as BlockDefinition]),
  );
  return { dir, registry };
}

describe('block discovery', () => {
  it("gives the client.ts of each island that declares code: 'client'", () => {
    const { dir, registry } = blocksWith(['menu'], {
      menu: { start: 'interaction', code: 'client' },
      slider: { start: 'visible', code: 'component' },
      text: undefined,
    });
    expect(islandClientFiles(registry, dir)).toEqual({ menu: join(dir, 'menu', 'client.ts') });
  });

  it('stops on a client.ts that no island declaration claims, naming the block', () => {
    const { dir, registry } = blocksWith(['notice', 'slider'], {
      notice: undefined,
      slider: { start: 'visible', code: 'component' },
    });
    expect(() => islandClientFiles(registry, dir)).toThrow(
      [
        `Block "notice": ${join(dir, 'notice', 'client.ts')} is there, but its defineBlock() declares no island with code: 'client' (e.g. island: { start: 'idle', code: 'client' }).`,
        `Block "slider": ${join(dir, 'slider', 'client.ts')} is there, but its defineBlock() declares no island with code: 'client' (e.g. island: { start: 'idle', code: 'client' }).`,
      ].join('\n'),
    );
  });

  it("stops on an island declaring code: 'client' without its client.ts, naming the block", () => {
    const { dir, registry } = blocksWith([], { menu: { start: 'idle', code: 'client' } });
    expect(() => islandClientFiles(registry, dir)).toThrow(
      `Block "menu": its island declares code: 'client', but ${join(dir, 'menu', 'client.ts')} is not there.`,
    );
  });

  it("loads each block's schema and its build.ts exports", async () => {
    const blocks = await loadBlockContracts();
    const having = (key: 'resolve' | 'jsonLd') => Object.keys(blocks).filter((t) => blocks[t]![key]);
    expect(having('resolve')).toEqual(['form', 'text-media', 'video-cards']);
    expect(having('jsonLd')).toEqual(['faq-list', 'video-cards']);
    expect(blocks.heading!.schema).toMatchObject({ properties: { level: { default: 1 } } });
  });
});
