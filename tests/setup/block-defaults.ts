/**
 * vitest setup: blocks rendered by the test helpers (engine/testing/render-block.tsx) get their
 * schema's defaults, as the page data gives them to a page's blocks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDefaults, type Defaults } from '../../engine/blocks/defaults.ts';
import { setBlockDefaults } from '../../engine/testing/render-block.tsx';

const BLOCKS_DIR = join(import.meta.dirname, '../../blocks');
const read = new Map<string, Defaults | undefined>();

setBlockDefaults((type) => {
  if (!read.has(type)) {
    const file = join(BLOCKS_DIR, type, 'schema.json');
    read.set(type, existsSync(file) ? schemaDefaults(JSON.parse(readFileSync(file, 'utf8'))) : undefined);
  }
  return read.get(type);
});
