import { relative } from 'node:path';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, UsageError } from '../exit-codes.ts';
import { formatters } from '../lint/formatters/index.ts';
import { rules } from '../lint/rules/index.ts';
import { lintSite } from '../lint/run.ts';

export async function lintCommand(opts: { format: string; maxWarnings?: number }, fastOnly = false): Promise<number> {
  const format = formatters[opts.format];
  if (!format) throw new UsageError(`unknown format "${opts.format}" (use ${Object.keys(formatters).join(', ')})`);
  const dir = getSiteDir();
  const result = lintSite(dir, { fastOnly });
  const out = format(result.findings, { siteDir: relative(process.cwd(), dir) || '.', rules });
  if (out) console.log(out);
  if (result.errors) return EXIT_CONTENT;
  if (opts.maxWarnings !== undefined && result.warnings > opts.maxWarnings) {
    console.error(`joinery lint: ${result.warnings} warnings exceed --max-warnings ${opts.maxWarnings}`);
    return EXIT_CONTENT;
  }
  return EXIT_OK;
}
