/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the pull request,
 * `::error file=...,line=3,col=5,title=rule-id::message`.
 */
import type { Formatter } from './index.ts';
import { displayPath } from './paths.ts';

// Escaping as the Actions runner expects it (data, then property values).
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

const github: Formatter = (findings, { siteDir }) =>
  findings
    .map((f) => {
      const props = `file=${prop(displayPath(siteDir, f.file))},line=${f.line},col=${f.column},title=${prop(f.ruleId)}`;
      return `::${f.severity === 'error' ? 'error' : 'warning'} ${props}::${data(f.fix ? `${f.message} (fix: ${f.fix})` : f.message)}`;
    })
    .join('\n');

export default github;
