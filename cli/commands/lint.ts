import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, UsageError } from '../exit-codes.ts';
import type { Finding } from '../../engine/lint.ts';
import { cacheFileAt, lintWithCache } from '../lint/cache.ts';
import { formatters } from '../lint/formatters/index.ts';
import { displayPath, shownSiteDir } from '../lint/formatters/paths.ts';
import type { RuleMeta } from '../lint/rule.ts';
import type { LintResult } from '../lint/run.ts';

export interface LintOptions {
  format: string;
  maxWarnings?: number;
  /** Write the certain fixes, then report what remains. */
  fix?: boolean;
  /** Keep the findings in a cache file and lint only what changed (not with --fix). */
  cache?: boolean;
  /** The cache file, or a folder for it (default under node_modules/.cache/joinery). */
  cacheLocation?: string;
}

/** Passes of --fix: a fix can reveal another (a block type corrected, its props are checked). */
const FIX_PASSES = 10;

/**
 * Lints, writes the certain fixes and lints again until no fix applies; prints each change (on
 * stdout beside stylish output, else on stderr so JSON and SARIF stay parseable). Returns the
 * last run: what remains.
 */
async function fixSite(dir: string, shown: string, toStdout: boolean): Promise<LintResult> {
  const { loadSite } = await import('../../engine/lint.ts');
  const { applyCertainFixes } = await import('../lint/fix.ts');
  const { lintLoadedSite } = await import('../lint/run.ts');
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

async function ranRules(fastOnly: boolean): Promise<RuleMeta[]> {
  const { rules } = await import('../lint/rules/index.ts');
  return (fastOnly ? rules.filter((r) => r.fast) : rules).map((r) => r.meta);
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
  let result: LintResult;
  let ran: RuleMeta[];
  if (opts.fix) result = await fixSite(dir, shown, opts.format === 'stylish');
  else if (opts.cache || opts.cacheLocation !== undefined)
    ({ result, rules: ran } = await lintWithCache(dir, { cacheFile: cacheFileAt(opts.cacheLocation, dir), fastOnly }));
  else result = (await import('../lint/run.ts')).lintSite(dir, { fastOnly });
  ran ??= await ranRules(fastOnly);
  const out = format(result.findings, { siteDir: shown, rules: ran });
  if (out) console.log(out);
  if (result.errors) return EXIT_CONTENT;
  if (opts.maxWarnings !== undefined && result.warnings > opts.maxWarnings) {
    console.error(`joinery: ${result.warnings} warnings exceed --max-warnings ${opts.maxWarnings}`);
    return EXIT_CONTENT;
  }
  return EXIT_OK;
}
