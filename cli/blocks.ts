/** The block registry as the CLI and server see it: types from blocks/index.ts, schemas from disk. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockLoaders } from '../blocks/index.ts';
import type { BlockSchemaSource } from '../engine/node.ts';
import { BLOCKS_DIR } from './paths.ts';

export const blockTypes = (): string[] => Object.keys(blockLoaders).sort();

export const blockSchemaFile = (type: string) => join(BLOCKS_DIR, type, 'schema.json');

export function readBlockSchemas(): BlockSchemaSource[] {
  return blockTypes()
    .filter((t) => existsSync(blockSchemaFile(t)))
    .map((type) => ({ type, schema: JSON.parse(readFileSync(blockSchemaFile(type), 'utf8')) }));
}
