import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { getSiteDir } from '../context.ts';
import { UsageError } from '../exit-codes.ts';

/**
 * `joinery lsp`: the language server on stdio, for editors. `--stdio` is accepted (clients add
 * it) and changes nothing. Without --site the client's workspace folder picks the site.
 */
export async function lspCommand(_opts: { stdio?: boolean }, cmd: Command): Promise<number> {
  const dir = getSiteDir();
  const siteGiven = cmd.parent?.getOptionValueSource('site') !== 'default';
  if (siteGiven && !['site.json', 'routes.json'].every((f) => existsSync(join(dir, f))))
    throw new UsageError(`${dir} is not a Joinery site: no site.json or routes.json found`);
  const { startServer } = await import('../lsp/server.ts');
  return startServer({ siteDir: dir, siteGiven });
}
