import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, UsageError } from '../exit-codes.ts';
import { formatters } from '../lint/formatters/index.ts';
import { rules } from '../lint/rules/index.ts';
import { loadSite, type Finding } from '../../engine/node.ts';
import { applyCertainFixes } from '../lint/fix.ts';
import { displayPath, shownSiteDir } from '../lint/formatters/paths.ts';
import { lintLoadedSite, lintSite, type LintResult } from '../lint/run.ts';

export interface LintOptions {
  format: string;
  maxWarnings?: number;
  /** Write the certain fixes, then report what remains. */
  fix?: boolean;
}

/** Passes of --fix: a fix can reveal another (a block type corrected, its props are checked). */
const FIX_PASSES = 10;

/**
 * Lints, writes the certain fixes and lints again until no fix applies; prints each change (on
 * stdout beside stylish output, else on stderr so JSON and SARIF stay parseable). Returns the
 * last run: what remains.
 */
function fixSite(dir: string, shown: string, toStdout: boolean): LintResult {
  const print = toStdout ? console.log : console.error;
  const at = (f: Finding) => `${displayPath(shown, f.file)}:${f.line}:${f.column}`;
  let fixed = 0;
  let site = loadSite(dir);
  let result = lintLoadedSite(site);
  for (let pass = 0; pass < FIX_PASSES; pass++) {
    const { applied, skipped } = applyCertainFixes(site, result.findings);
    for (const c of applied) print(`${at(c.finding)} ${c.summary} (${c.finding.ruleId})`);
    for (const c of skipped)
      print(`${at(c.finding)} skipped: ${c.summary} overlaps another fix in ${c.fix.file} (${c.finding.ruleId})`);
    if (!applied.length) break;
    fixed += applied.length;
    site = loadSite(dir);
    result = lintLoadedSite(site);
  }
  print(`joinery: fixed ${fixed} problem${fixed === 1 ? '' : 's'}${result.findings.length ? '; remaining:' : ''}`);
  return result;
}

/** `joinery lint`. (Commander passes the Command object second, so no other positional here.) */
export const lintCommand = (opts: LintOptions) => runLint(opts, false);

/** Lints the --site folder and prints the findings; `fastOnly` runs just the missing-file rules. */
export async function runLint(opts: LintOptions, fastOnly: boolean): Promise<number> {
  const format = formatters[opts.format];
  if (!format) throw new UsageError(`unknown format "${opts.format}" (use ${Object.keys(formatters).join(', ')})`);
  const dir = getSiteDir();
  const shown = shownSiteDir(dir); // paths from the cwd, as editors and CI expect
  if (!existsSync(dir)) throw new UsageError(`${shown} does not exist (choose the content folder with --site DIR)`);
  const missing = ['site.json', 'routes.json'].filter((f) => !existsSync(join(dir, f)));
  if (missing.length)
    throw new UsageError(
      `${shown} is not a Joinery site: it has no ${missing.join(' and no ')} (choose the content folder with --site DIR)`,
    );
  const result = opts.fix ? fixSite(dir, shown, opts.format === 'stylish') : lintSite(dir, { fastOnly });
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
