/** Runs the rules over a site folder and returns the findings sorted by file and position. */
import { loadSite, type Site } from '../../engine/lint.ts';
import { IncrementalLint, type LintOptions, type LintResult } from './incremental.ts';

export type { LintOptions, LintResult } from './incremental.ts';

export function lintSite(siteDir: string, opts: LintOptions = {}): LintResult {
  return lintLoadedSite(loadSite(siteDir), opts);
}

/**
 * The same over a site already in memory (tests, the dev server's reloads), as the site's
 * joinery.config.json sets each rule (off, severity, per file) and its ignored files.
 */
export function lintLoadedSite(site: Site, opts: LintOptions = {}): LintResult {
  return new IncrementalLint(site, opts).lint();
}
