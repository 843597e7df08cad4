/** Machine output: a JSON array of findings, each with its file as a path from the working directory. */
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
      pointer: f.pointer,
      ...(f.fix && { fix: f.fix }),
    })),
    null,
    2,
  );

export default json;
