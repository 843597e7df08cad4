/**
 * The blocks as the CLI sees them: types from blocks/index.ts, the rest found in each block's
 * folder: `schema.json` (its props and their defaults), `build.ts` (Node only: `resolve`,
 * `jsonLd`), `client.ts` (a framework-free island's browser code). No list to keep.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { blockLoaders } from '../blocks/index.ts';
import type { BlockBuild, BlockContracts, BlockSchemaSource } from '../engine/node.ts';
import { BLOCKS_DIR } from './paths.ts';

export const blockTypes = (): string[] => Object.keys(blockLoaders).sort();

export const blockSchemaFile = (type: string) => join(BLOCKS_DIR, type, 'schema.json');
const blockBuildFile = (type: string) => join(BLOCKS_DIR, type, 'build.ts');
const islandClientFile = (type: string) => join(BLOCKS_DIR, type, 'client.ts');

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
      const build: BlockBuild = existsSync(file) ? await import(pathToFileURL(file).href) : {};
      return [type, { schema: schemas.get(type), resolve: build.resolve, jsonLd: build.jsonLd }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** block type -> its client.ts, for the blocks that have one (the browser build's islandClients). */
export function islandClientFiles(): Record<string, string> {
  return Object.fromEntries(
    blockTypes()
      .filter((t) => existsSync(islandClientFile(t)))
      .map((t) => [t, islandClientFile(t)]),
  );
}
