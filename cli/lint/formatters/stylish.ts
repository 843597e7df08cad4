/**
 * Human output: findings grouped by file, each as line:column severity message rule-id, then a
 * footer naming each reported rule's page (docs/rules/<id>.md) once and where rules are configured.
 */
import type { Finding } from '../../../engine/lint.ts';
import type { Formatter } from './index.ts';
import { displayPath } from './paths.ts';

const stylish: Formatter = (findings, { siteDir, rules }) => {
  if (!findings.length) return '';
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const lines: string[] = [];
  for (const [file, list] of byFile) {
    lines.push(displayPath(siteDir, file));
    for (const f of list) {
      lines.push(`  ${f.line}:${f.column}  ${f.severity.padEnd(7)}  ${f.message}  ${f.ruleId}  (${f.pointer || '/'})`);
      if (f.fix) lines.push(`      fix: ${f.fix}`);
    }
    lines.push('');
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  lines.push(
    `✖ ${findings.length} problem${findings.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})`,
  );
  const fixable = findings.filter((f) => f.fixes?.some((x) => x.certain)).length;
  if (fixable) lines.push(`  ${fixable} of them fixable with \`joinery lint --fix\``);
  const docs = new Map(rules.map((r) => [r.code, r.docs.url]));
  const reported = [...new Set(findings.map((f) => f.ruleId))].filter((id) => docs.has(id));
  if (reported.length) {
    lines.push('', 'Rule docs:');
    const width = Math.max(...reported.map((id) => id.length));
    for (const id of reported) lines.push(`  ${id.padEnd(width)}  ${docs.get(id)}`);
    lines.push('', `A rule's severity, or off, per file: joinery.config.json (docs/rules/README.md)`);
  }
  return lines.join('\n');
};

export default stylish;
