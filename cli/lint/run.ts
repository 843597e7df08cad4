/** Runs the rules over a site folder and returns the findings sorted by file and position. */
import { loadSite, type Finding } from '../../engine/node.ts';
import { LintContext } from './context.ts';
import { rules } from './rules/index.ts';

export interface LintResult {
  findings: Finding[];
  files: number;
  errors: number;
  warnings: number;
}

export function lintSite(siteDir: string, opts: { fastOnly?: boolean } = {}): LintResult {
  const site = loadSite(siteDir);
  const ctx = new LintContext(site);
  for (const rule of rules) {
    if (opts.fastOnly && !rule.fast) continue;
    ctx.currentRule = { id: rule.id, severity: rule.severity };
    rule.check(ctx);
  }
  const findings = ctx.findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const errors = findings.filter((f) => f.severity === 'error').length;
  return { findings, files: site.files.size, errors, warnings: findings.length - errors };
}
