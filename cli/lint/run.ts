/** Runs the rules over a site folder and returns the findings sorted by file and position. */
import { loadSite, type Finding, type Site } from '../../engine/node.ts';
import { applyLintConfig, readLintConfig, ruleIsOff } from './config.ts';
import { LintContext } from './context.ts';
import type { Rule } from './rule.ts';
import { rules as allRules } from './rules/index.ts';

export interface LintResult {
  findings: Finding[];
  files: number;
  errors: number;
  warnings: number;
}

export interface LintOptions {
  /** Only the fast rules (`joinery check`). */
  fastOnly?: boolean;
  rules?: Rule[];
}

export function lintSite(siteDir: string, opts: LintOptions = {}): LintResult {
  return lintLoadedSite(loadSite(siteDir), opts);
}

/**
 * The same over a site already in memory (tests, the dev server's reloads), as the site's
 * joinery.config.json sets each rule (off, severity, per file) and its ignored files.
 */
export function lintLoadedSite(site: Site, opts: LintOptions = {}): LintResult {
  const ctx = new LintContext(site);
  const { config } = readLintConfig(site.dir);
  for (const rule of opts.rules ?? allRules) {
    if ((opts.fastOnly && !rule.fast) || ruleIsOff(config, rule.meta.code)) continue;
    ctx.currentRule = { id: rule.meta.code, severity: rule.meta.severity };
    rule.check(ctx);
  }
  const findings = applyLintConfig(ctx.findings, config).sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
  const errors = findings.filter((f) => f.severity === 'error').length;
  return { findings, files: site.files.size, errors, warnings: findings.length - errors };
}
