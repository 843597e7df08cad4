/**
 * The blocks as the CLI sees them: types from blocks/index.ts, the rest found in each block's
 * folder: `schema.json` (its props and their defaults), `build.ts` (Node only: `resolve`,
 * `jsonLd`), `client.ts` (a framework-free island's browser code, as its definition declares),
 * `image-slots.json` (its image slots, for the lint: cli/lint/image-slots.ts).
 * No list to keep.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { blockLoaders } from '../blocks/index.ts';
import type { BlockBuild, BlockContracts } from '../engine/blocks/contract.ts';
import type { BlockRegistry } from '../engine/types.ts';
import type { BlockSchemaSource } from '../engine/validate/validator.ts';
import { runnable } from './compiled.ts';
import { BLOCKS_DIR } from './paths.ts';

export const blockTypes = (): string[] => Object.keys(blockLoaders).sort();

export const blockSchemaFile = (type: string) => join(BLOCKS_DIR, type, 'schema.json');
const blockBuildFile = (type: string) => join(BLOCKS_DIR, type, 'build.ts');

export function readBlockSchemas(): BlockSchemaSource[] {
  return blockTypes()
    .filter((t) => existsSync(blockSchemaFile(t)))
    .map((type) => ({ type, schema: JSON.parse(readFileSync(blockSchemaFile(type), 'utf8')) }));
}

/** Each block's schema and build.ts exports, for the page data and the prerender. */
export async function loadBlockContracts(): Promise<BlockContracts> {
  const schemas = new Map(readBlockSchemas().map((s) => [s.type, s.schema]));
  const entries = await Promise.all(
    blockTypes().map(async (type) => {
      const file = blockBuildFile(type);
      const build: BlockBuild = existsSync(file) ? await import(pathToFileURL(runnable(file)).href) : {};
      return [type, { schema: schemas.get(type), resolve: build.resolve, jsonLd: build.jsonLd }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * block type -> its client.ts, for the blocks whose island declares `code: 'client'` (the browser
 * build's islandClients). A client.ts that no such declaration claims, or a declared one that is
 * missing, is an error naming the block.
 */
export function islandClientFiles(registry: BlockRegistry, dir = BLOCKS_DIR): Record<string, string> {
  const files: Record<string, string> = {};
  const problems: string[] = [];
  for (const type of Object.keys(registry).sort()) {
    const file = join(dir, type, 'client.ts');
    const declared = registry[type]!.island?.code === 'client';
    if (declared && existsSync(file)) files[type] = file;
    else if (declared) problems.push(`Block "${type}": its island declares code: 'client', but ${file} is not there.`);
    else if (existsSync(file))
      problems.push(
        `Block "${type}": ${file} is there, but its defineBlock() declares no island with code: 'client' (e.g. island: { start: 'idle', code: 'client' }).`,
      );
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return files;
}

export interface BlockExample {
  type: string;
  /** `example` for example.json, else the file's name in the block's examples/ folder. */
  name: string;
  file: string;
  block: { type: string; props: Record<string, unknown> };
}

/**
 * A block's examples: its example.json (the gallery's), then each file of its examples/ folder,
 * by name (not the .steps.json and .visit.json files beside them, which the block tests read).
 * What the gallery shows and the block tests render at every width.
 */
export function blockExamples(type: string, dir = BLOCKS_DIR): BlockExample[] {
  const files: [string, string][] = [];
  const main = join(dir, type, 'example.json');
  if (existsSync(main)) files.push(['example', main]);
  const more = join(dir, type, 'examples');
  if (existsSync(more))
    for (const f of readdirSync(more).sort())
      if (f.endsWith('.json') && !/\.(steps|visit)\.json$/.test(f))
        files.push([f.slice(0, -'.json'.length), join(more, f)]);
  return files.map(([name, file]) => ({ type, name, file, block: JSON.parse(readFileSync(file, 'utf8')) }));
}
