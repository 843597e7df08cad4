/**
 * A lint that keeps its findings per rule and per file, so that after an edit it re-runs only
 * the checks whose inputs the edit touched (rule.ts), on only the files affected, and keeps the
 * rest. A full lint is the first run of the same code, so both give the same findings in the
 * same order.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kindOf, parseDataRef, type Finding, type JsonFile, type Site } from '../../engine/lint.ts';
import { applyLintConfig, CONFIG_FILE, readLintConfig, ruleIsOff, type LintConfig } from './config.ts';
import { getValidator, LintContext, type RouteTable } from './context.ts';
import { refTargetsOf } from './file-memo.ts';
import type { Rule, RuleInput } from './rule.ts';
import { rules as allRules } from './rules/index.ts';
import { isObj, list, str } from './values.ts';

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

/** A rule's findings before the configuration applies: its cross-file check's, and per file. */
export interface RuleFindings {
  site: Finding[];
  files: Map<string, Finding[]>;
}

/** What a lint keeps between runs, as JSON (the lint cache's file). */
export interface LintState {
  configText: string | null;
  names: string[];
  sources: string[];
  /** Rule id -> its findings: the cross-file check's, and per file. */
  found: Record<string, { site: Finding[]; files: Record<string, Finding[]> }>;
}

const byPosition = (a: Finding, b: Finding) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;

/** The files a collection's `source` names (their items make routes). */
function routeSources(site: Site): Set<string> {
  const routes = site.files.get('routes.json')?.value;
  const out = new Set<string>();
  for (const c of list(isObj(routes) ? routes.collections : undefined)) {
    const source = isObj(c) ? str(c.source) : undefined;
    try {
      const file = source === undefined ? undefined : parseDataRef(source).file;
      if (file) out.add(file);
    } catch {
      // data-ref reports it
    }
  }
  return out;
}

export class IncrementalLint {
  /** Per rule, what its checks found the last time they ran. */
  private readonly found = new Map<Rule, RuleFindings>();
  private readonly ruleList: Rule[];
  private config: LintConfig = { rules: {}, overrides: [], ignore: [] };
  private configText: string | null | undefined;
  private routes?: RouteTable;
  private sources = new Set<string>();
  /** The files of the last run (a file added or deleted re-runs everything). */
  private names = new Set<string>();
  private ran = false;

  constructor(
    readonly site: Site,
    private readonly opts: LintOptions = {},
  ) {
    this.ruleList = opts.rules ?? allRules;
  }

  /**
   * Lints the site as it is now. `changed`: the content files edited, added or deleted since the
   * last run (none given: everything runs).
   */
  lint(changed?: Iterable<string>): LintResult {
    const edits = changed === undefined ? undefined : [...new Set(changed)];
    const configChanged = this.readConfig();
    const full = !this.ran || edits === undefined || configChanged || this.namesChanged(edits);
    if (full) {
      this.found.clear();
      this.routes = undefined;
    }
    const touched = full ? () => true : this.touchedBy(edits!);
    if (touched('routes')) this.routes = undefined;
    const ctx = new LintContext(this.site, getValidator, this.routes);
    let dependents: Set<string> | undefined;
    let referencedInput: ((input: RuleInput) => boolean) | undefined;

    for (const rule of this.active()) {
      const mine = this.found.get(rule) ?? { site: [], files: new Map<string, Finding[]>() };
      this.found.set(rule, mine);
      const run = (check: () => void) => {
        ctx.findings = [];
        ctx.currentRule = { id: rule.meta.code, severity: rule.meta.severity };
        check();
        return ctx.findings;
      };
      if (rule.check && (full || !rule.inputs || rule.inputs.some(touched))) mine.site = run(() => rule.check!(ctx));
      if (!rule.checkFile) continue;
      const checkFile = (file: JsonFile) =>
        mine.files.set(
          file.rel,
          run(() => rule.checkFile!(ctx, file)),
        );
      const inputs = rule.fileInputs ?? [];
      if (full || inputs.some((i) => i !== 'references' && touched(i))) {
        mine.files.clear();
        for (const file of this.site.files.values()) checkFile(file);
        continue;
      }
      const targets = new Set(edits);
      if (inputs.includes('references')) {
        dependents ??= this.referencing(edits!);
        // An input changes when a file it references does.
        referencedInput ??= this.touchedBy([...dependents]);
        if (inputs.some((i) => i !== 'references' && referencedInput!(i))) {
          mine.files.clear();
          for (const file of this.site.files.values()) checkFile(file);
          continue;
        }
        for (const rel of dependents) targets.add(rel);
      }
      for (const rel of targets) {
        const file = this.site.files.get(rel);
        if (file) checkFile(file);
        else mine.files.delete(rel);
      }
    }
    this.ran = true;
    this.names = new Set(this.site.files.keys());
    this.routes = ctx.routeCache;
    this.sources = routeSources(this.site);
    return this.result();
  }

  /** What this lint keeps, to go on from in another process (restore). */
  state(): LintState {
    const found: LintState['found'] = {};
    // A file without findings is left out: restored, it has none.
    for (const [rule, f] of this.found)
      found[rule.meta.code] = { site: f.site, files: Object.fromEntries([...f.files].filter(([, l]) => l.length)) };
    return {
      configText: this.configText ?? null,
      names: [...this.names],
      sources: [...this.sources],
      found,
    };
  }

  /**
   * A lint that goes on from a kept state, for the site as it is now: its next `lint(changed)`
   * names the files changed since. Without a rule's findings in the state, it starts afresh.
   */
  static restore(site: Site, state: LintState, opts: LintOptions = {}): IncrementalLint {
    const lint = new IncrementalLint(site, opts);
    lint.configText = state.configText;
    lint.config = readLintConfig(site.dir).config;
    if (!lint.active().every((r) => state.found[r.meta.code])) return new IncrementalLint(site, opts);
    for (const rule of lint.ruleList) {
      const f = state.found[rule.meta.code];
      if (f) lint.found.set(rule, { site: f.site, files: new Map(Object.entries(f.files)) });
    }
    lint.names = new Set(state.names);
    lint.sources = new Set(state.sources);
    lint.ran = true;
    return lint;
  }

  /** The rules that run: all (or the fast ones), less those the configuration turns off everywhere. */
  private active(): Rule[] {
    return this.ruleList.filter((r) => !(this.opts.fastOnly && !r.fast) && !ruleIsOff(this.config, r.meta.code));
  }

  private result(): LintResult {
    const all: Finding[] = [];
    for (const rule of this.active()) {
      const mine = this.found.get(rule)!;
      all.push(...mine.site);
      for (const list of mine.files.values()) all.push(...list);
    }
    const findings = applyLintConfig(all, this.config).sort(byPosition);
    const errors = findings.filter((f) => f.severity === 'error').length;
    return { findings, files: this.site.files.size, errors, warnings: findings.length - errors };
  }

  /** Reads joinery.config.json; true when its text changed since the last run. */
  private readConfig(): boolean {
    const abs = join(this.site.dir, CONFIG_FILE);
    const text = existsSync(abs) ? readFileSync(abs, 'utf8') : null;
    if (this.ran && text === this.configText) return false;
    this.configText = text;
    this.config = readLintConfig(this.site.dir).config;
    return true;
  }

  private namesChanged(edits: string[]): boolean {
    return edits.some((rel) => this.site.files.has(rel) !== this.names.has(rel));
  }

  /** Whether an edit of these files changes an input. */
  private touchedBy(edits: string[]): (input: RuleInput) => boolean {
    const sources = routeSources(this.site);
    const folder = (f: string) => edits.some((rel) => rel.startsWith(`${f}/`));
    const is: Record<RuleInput, () => boolean> = {
      routes: () =>
        edits.some(
          (rel) => rel === 'routes.json' || kindOf(rel) === 'data' || sources.has(rel) || this.sources.has(rel),
        ),
      site: () => edits.includes('site.json'),
      pages: () => folder('pages'),
      templates: () => folder('templates'),
      forms: () => folder('forms'),
      menus: () => folder('menus'),
      data: () => edits.some((rel) => kindOf(rel) === 'data'),
      // Per file, through the files that reference an edited one; the rule file stays the same.
      references: () => false,
      images: () => false,
      config: () => false,
      all: () => edits.length > 0,
    };
    const memo = new Map<RuleInput, boolean>();
    return (input) => {
      if (!memo.has(input)) memo.set(input, is[input]());
      return memo.get(input)!;
    };
  }

  /** The files whose `$data` references lead, directly or through other files, to an edited one. */
  private referencing(edits: string[]): Set<string> {
    const by = new Map<string, string[]>();
    for (const file of this.site.files.values())
      for (const target of refTargetsOf(file)) {
        const list = by.get(target);
        if (list) list.push(file.rel);
        else by.set(target, [file.rel]);
      }
    const out = new Set<string>();
    const queue = [...edits];
    while (queue.length) {
      for (const rel of by.get(queue.pop()!) ?? [])
        if (!out.has(rel)) {
          out.add(rel);
          queue.push(rel);
        }
    }
    return out;
  }
}
