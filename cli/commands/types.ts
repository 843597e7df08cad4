import { relative } from 'node:path';
import { EXIT_CONTENT, EXIT_OK } from '../exit-codes.ts';
import { ROOT } from '../paths.ts';
import { staleTypes, writeTypes } from '../types-gen.ts';

export async function typesCommand(opts: { check?: boolean }): Promise<number> {
  if (opts.check) {
    const stale = await staleTypes();
    for (const f of stale) console.error(`${relative(ROOT, f)}: stale, run \`joinery types\``);
    return stale.length ? EXIT_CONTENT : EXIT_OK;
  }
  const n = await writeTypes();
  console.log(`joinery types: ${n} files (schemas/types/, schemas/blocks.schema.json)`);
  return EXIT_OK;
}
