import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, UsageError } from '../exit-codes.ts';
import { formatters } from '../lint/formatters/index.ts';
import { rules } from '../lint/rules/index.ts';
import { lintSite } from '../lint/run.ts';

export interface LintOptions {
  format: string;
  maxWarnings?: number;
}

/** `joinery lint`. (Commander passes the Command object second, so no other positional here.) */
export const lintCommand = (opts: LintOptions) => runLint(opts, false);

/** Lints the --site folder and prints the findings; `fastOnly` runs just the missing-file rules. */
export async function runLint(opts: LintOptions, fastOnly: boolean): Promise<number> {
  const format = formatters[opts.format];
  if (!format) throw new UsageError(`unknown format "${opts.format}" (use ${Object.keys(formatters).join(', ')})`);
  const dir = getSiteDir();
  const rel = relative(process.cwd(), dir).split('\\').join('/');
  const shown = rel.startsWith('..') ? dir : rel || '.'; // paths from the cwd, as editors and CI expect
  if (!existsSync(dir)) throw new UsageError(`${shown} does not exist (choose the content folder with --site DIR)`);
  const missing = ['site.json', 'routes.json'].filter((f) => !existsSync(join(dir, f)));
  if (missing.length)
    throw new UsageError(
      `${shown} is not a Joinery site: it has no ${missing.join(' and no ')} (choose the content folder with --site DIR)`,
    );
  const result = lintSite(dir, { fastOnly });
  const ran = fastOnly ? rules.filter((r) => r.fast) : rules;
  const out = format(result.findings, { siteDir: shown, rules: ran.map((r) => r.meta) });
  if (out) console.log(out);
  if (result.errors) return EXIT_CONTENT;
  if (opts.maxWarnings !== undefined && result.warnings > opts.maxWarnings) {
    console.error(`joinery: ${result.warnings} warnings exceed --max-warnings ${opts.maxWarnings}`);
    return EXIT_CONTENT;
  }
  return EXIT_OK;
}
