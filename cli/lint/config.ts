/**
 * Rule configuration: `joinery.config.json` in the content folder, its `lint` section (schema:
 * config.schema.json). Each rule gets a setting (`error`, `warning` or `off`) globally, then per
 * file glob in `overrides` (the last matching override wins); findings in `ignore`d files are
 * dropped. A rule with no setting keeps the severity it reports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createValidator,
  parseJsonFile,
  type Finding,
  type JsonFile,
  type Position,
  type Severity,
  type Validator,
} from '../../engine/lint.ts';
import { CONFIG_FILE } from './config-file.ts';
import { isObj } from './values.ts';

export { CONFIG_FILE };

const SCHEMA_KEY = 'config.schema.json';

export type RuleSetting = Severity | 'off';
const SETTINGS: readonly string[] = ['error', 'warning', 'off'];

interface Override {
  files: string[];
  rules: Record<string, RuleSetting>;
}

export interface LintConfig {
  rules: Record<string, RuleSetting>;
  overrides: Override[];
  ignore: string[];
}

export interface ConfigRead {
  config: LintConfig;
  /** The parsed file, when there is one (for positions). */
  file?: JsonFile;
  /** Syntax and schema problems, each with a pointer into the file. */
  problems: ConfigProblem[];
}

/** A problem at a JSON Pointer into the file (its key with `atKey`). */
export interface ConfigProblem {
  pointer: string;
  message: string;
  atKey?: boolean;
  /** Where a syntax error is. */
  position?: Position;
}

const NO_CONFIG: LintConfig = { rules: {}, overrides: [], ignore: [] };

let validator: Validator | undefined;
const schemaValidator = () => {
  validator ??= createValidator(
    { [SCHEMA_KEY]: JSON.parse(readFileSync(new URL(SCHEMA_KEY, import.meta.url), 'utf8')) },
    [],
  );
  return validator;
};

const strings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((s): s is string => typeof s === 'string' && s !== '');

/** The valid settings of a `rules` object (an invalid one is a schema problem, and is skipped). */
const settings = (v: unknown): Record<string, RuleSetting> =>
  Object.fromEntries(
    Object.entries(isObj(v) ? v : {}).filter((e): e is [string, RuleSetting] => SETTINGS.includes(e[1] as string)),
  );

/** Reads the site's configuration; without the file, every rule keeps its own severity. */
export function readLintConfig(siteDir: string): ConfigRead {
  const abs = join(siteDir, CONFIG_FILE);
  if (!existsSync(abs)) return { config: NO_CONFIG, problems: [] };
  const file = parseJsonFile(CONFIG_FILE, abs, readFileSync(abs, 'utf8'));
  if (file.syntaxErrors.length)
    return {
      config: NO_CONFIG,
      file,
      problems: file.syntaxErrors.map((e) => ({ pointer: '', message: e.message, position: e })),
    };
  const problems = schemaValidator().validate(SCHEMA_KEY, file.value);
  const lint = isObj(file.value) && isObj(file.value.lint) ? file.value.lint : {};
  const overrides = (Array.isArray(lint.overrides) ? lint.overrides : [])
    .filter(isObj)
    .map((o) => ({ files: strings(o.files), rules: settings(o.rules) }));
  return {
    config: { rules: settings(lint.rules), overrides, ignore: strings(lint.ignore) },
    file,
    problems,
  };
}

const escapeRe = (s: string) => s.replace(/[.+^$()|[\]\\{}*?]/g, '\\$&');

/**
 * A glob over content-folder paths as a regular expression: `*` and `?` stay within a folder,
 * `**` spans folders (`**` followed by `/` also matches none), `{a,b}` is either, a pattern ending
 * in `/` covers everything beneath it.
 */
export function globToRegExp(glob: string): RegExp {
  const g = glob.replace(/^\.\//, '');
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    const close = c === '{' ? g.indexOf('}', i) : -1;
    if (g.startsWith('**/', i)) {
      re += '(?:.*/)?';
      i += 2;
    } else if (g.startsWith('**', i)) {
      re += '.*';
      i += 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (close > i) {
      re += `(?:${g
        .slice(i + 1, close)
        .split(',')
        .map(escapeRe)
        .join('|')})`;
      i = close;
    } else re += escapeRe(c);
  }
  return new RegExp(`^${re}${g.endsWith('/') ? '.*' : ''}$`);
}

const matcherCache = new Map<string, RegExp>();
const matches = (glob: string, file: string) => {
  let re = matcherCache.get(glob);
  if (!re) {
    re = globToRegExp(glob);
    matcherCache.set(glob, re);
  }
  return re.test(file);
};

/** A rule's setting for a file: the global one, then each matching override's in order. */
function settingFor(config: LintConfig, ruleId: string, file: string): RuleSetting | undefined {
  let setting = config.rules[ruleId];
  for (const o of config.overrides) {
    const s = o.rules[ruleId];
    if (s && o.files.some((g) => matches(g, file))) setting = s;
  }
  return setting;
}

/** Off for every file: globally off, and no override turns it on somewhere (so it need not run). */
export const ruleIsOff = (config: LintConfig, ruleId: string) =>
  config.rules[ruleId] === 'off' && config.overrides.every((o) => (o.rules[ruleId] ?? 'off') === 'off');

/** The findings as configured: ignored files and rules turned off dropped, severities set. */
export function applyLintConfig(findings: Finding[], config: LintConfig): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    if (config.ignore.some((g) => matches(g, f.file))) continue;
    const setting = settingFor(config, f.ruleId, f.file);
    if (setting === 'off') continue;
    out.push(setting && setting !== f.severity ? { ...f, severity: setting } : f);
  }
  return out;
}
