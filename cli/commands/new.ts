/** `joinery new page|form|block NAME [--island START [--client]]`: scaffolds that pass `joinery lint` as they are. */
import { join } from 'node:path';
import type { IslandStart } from '../../engine/types.ts';
import { compiledDir } from '../compiled.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_OK, UsageError } from '../exit-codes.ts';
import { BLOCKS_DIR, SCHEMAS_DIR } from '../paths.ts';
import { shownPath } from '../scaffold/files.ts';
import { scaffoldBlock, scaffoldForm, scaffoldPage, type ScaffoldResult } from '../scaffold/index.ts';

const KINDS = ['page', 'form', 'block'] as const;

function print(result: ScaffoldResult) {
  for (const p of result.created) console.log(`created ${shownPath(p)}`);
  for (const p of result.updated) console.log(`updated ${shownPath(p)}`);
}

export async function newCommand(
  kind: string,
  name: string,
  opts: { island?: IslandStart; client?: boolean } = {},
): Promise<number> {
  if (!(KINDS as readonly string[]).includes(kind))
    throw new UsageError(`cannot scaffold "${kind}": use joinery new page|form|block NAME`);
  if ((opts.island || opts.client) && kind !== 'block') throw new UsageError('--island and --client are for a block');
  if (opts.client && !opts.island) throw new UsageError('--client needs --island START: when its code starts');
  if (kind === 'page') {
    const result = scaffoldPage(getSiteDir(), name);
    print(result);
    console.log(
      result.updated.length
        ? `route /${name} added; edit the page's blocks, title and description`
        : `a route already used page "${name}"; routes.json unchanged`,
    );
  } else if (kind === 'form') {
    print(scaffoldForm(getSiteDir(), name));
    console.log(`use it with a block prop "form": "${name}"`);
  } else {
    const island = opts.island && {
      start: opts.island,
      code: opts.client ? ('client' as const) : ('component' as const),
    };
    print(scaffoldBlock(BLOCKS_DIR, name, island || undefined));
    // Loaded only now, so the block list it reads (blocks/index.ts) includes the new block;
    // running compiled, that list's copy is compiled again first.
    if (compiledDir) await (await import('../compile.js')).compileFiles([join(BLOCKS_DIR, 'index.ts')], compiledDir);
    const { writeTypes } = await import('../types-gen.ts');
    await writeTypes();
    console.log(`generated ${shownPath(join(SCHEMAS_DIR, 'types', 'blocks', `${name}.ts`))}`);
  }
  return EXIT_OK;
}
