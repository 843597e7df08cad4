/**
 * Machine output: a JSON array of findings, each with its file as a path from the working
 * directory, its end when known, the nearest known names and the fixes as text edits (offsets in
 * the file's text; a fix's file is as the finding's).
 */
import type { Formatter } from './index.ts';
import { displayPath } from './paths.ts';

const json: Formatter = (findings, { siteDir }) =>
  JSON.stringify(
    findings.map((f) => ({
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      file: displayPath(siteDir, f.file),
      line: f.line,
      column: f.column,
      ...(f.endLine !== undefined && { endLine: f.endLine, endColumn: f.endColumn }),
      pointer: f.pointer,
      ...(f.fix && { fix: f.fix }),
      ...(f.suggestions && { suggestions: f.suggestions }),
      ...(f.fixes && { fixes: f.fixes.map((x) => ({ ...x, file: displayPath(siteDir, x.file) })) }),
    })),
    null,
    2,
  );

export default json;
