/**
 * What a rule sees: the loaded site with source positions, the compiled validator, the route
 * table, the block types, and `report` which turns a file + JSON Pointer into file:line:column.
 */
import {
  createValidator,
  nodeAt,
  positionAt,
  positionOf,
  type Finding,
  type FindingFix,
  type JsonFile,
  type Position,
  type RouteEntry,
  type Severity,
  type Site,
  type Validator,
} from '../../engine/lint.ts';
import { readBlockSchemas, blockTypes } from '../blocks.ts';
import { runtimeSchemas } from '../editor-schemas.ts';
import { VALIDATOR_CACHE_DIR } from '../paths.ts';
import { buildRoutesLeniently, type RouteProblem } from './routes.ts';
import { CERTAIN_DISTANCE, didYouMeanText, nearestNames } from './suggest.ts';

export interface ReportInput {
  file: string;
  pointer: string;
  message: string;
  /** Point at the property key rather than its value. */
  atKey?: boolean;
  severity?: Severity;
  fix?: string;
  /** Position when it is not given by a pointer (syntax errors, a link inside a text). */
  position?: Position;
  /** End of the range when `position` is given. */
  end?: Position;
  suggestions?: string[];
  fixes?: FindingFix[];
}

/** A range of a file's text and what to write there for a suggested name. */
export interface SuggestReplace {
  offset: number;
  length: number;
  content: (name: string) => string;
}

/** The syntax node a finding points at (the value, or its key), when the whole pointer exists. */
function targetNode(file: JsonFile, pointer: string, key?: boolean) {
  try {
    const { node, complete } = nodeAt(file, pointer);
    if (!node || !complete) return undefined;
    return key && node.parent?.type === 'property' ? node.parent.children?.[0] : node;
  } catch {
    return undefined;
  }
}

let cachedValidator: Validator | undefined;
/** Compiled once per process. */
export function getValidator(): Validator {
  cachedValidator ??= createValidator(runtimeSchemas(), readBlockSchemas(), {
    cacheDir: VALIDATOR_CACHE_DIR,
  });
  return cachedValidator;
}

/** A pointer the engine cannot parse (a key with a stray "%") still yields a finding, at the file's start. */
function safePosition(file: JsonFile, pointer: string, key?: boolean): Position {
  try {
    return positionOf(file, pointer, { key });
  } catch {
    return { line: 1, column: 1 };
  }
}

export interface RouteTable {
  routes: RouteEntry[];
  problems: RouteProblem[];
}

let cachedBlockTypes: Set<string> | undefined;

export class LintContext {
  findings: Finding[] = [];
  readonly blockTypes: Set<string>;
  currentRule = { id: '', severity: 'error' as Severity };
  private readonly memos = new Map<string, unknown>();

  /** `routeCache`: the route table of the same routes.json and sources (an incremental lint keeps it). */
  constructor(
    readonly site: Site,
    private readonly validatorFactory: () => Validator = getValidator,
    public routeCache?: RouteTable,
  ) {
    cachedBlockTypes ??= new Set(blockTypes());
    this.blockTypes = cachedBlockTypes;
  }

  /** What one lint run computes once and its checks share (a route matcher, the forms). */
  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }

  get routeTable(): RouteTable {
    this.routeCache ??= buildRoutesLeniently(this.site);
    return this.routeCache;
  }

  get validator(): Validator {
    return this.validatorFactory();
  }

  /**
   * Routes with collections expanded. A broken collection contributes no routes (and its
   * problem is in `routeProblems`) so one bad collection does not make every link "broken".
   */
  get routes(): RouteEntry[] {
    return this.routeTable.routes;
  }

  get routeProblems(): RouteProblem[] {
    return this.routeTable.problems;
  }

  /** The parsed value of a content file, or undefined (missing, or a syntax error). */
  value<T = unknown>(rel: string): T | undefined {
    return this.site.files.get(rel)?.value as T | undefined;
  }

  report(f: ReportInput) {
    const file = this.site.files.get(f.file);
    const pos = f.position ?? (file ? safePosition(file, f.pointer, f.atKey) : { line: 1, column: 1 });
    const node = !f.position && file ? targetNode(file, f.pointer, f.atKey) : undefined;
    const end = f.end ?? (node && file ? positionAt(file, node.offset + node.length) : undefined);
    this.findings.push({
      ruleId: this.currentRule.id,
      severity: f.severity ?? this.currentRule.severity,
      message: f.message,
      file: f.file,
      line: pos.line,
      column: pos.column,
      ...(end && { endLine: end.line, endColumn: end.column }),
      pointer: f.pointer,
      ...(f.fix && { fix: f.fix }),
      ...(f.suggestions?.length && { suggestions: f.suggestions }),
      ...(f.fixes?.length && { fixes: f.fixes }),
    });
  }

  /**
   * "Did you mean" for an unknown name at `pointer` (a string value, or a key with `atKey`): the
   * message suffix, the nearest known names, and one fix per name that writes it in place. The
   * fix is certain when a single name lies within the certain distance. `replace` writes a name
   * over part of the text instead (a path inside a link, a key inside a `$data` reference);
   * `replace: null` when that part could not be located: suggestions without a fix. `maxDistance`
   * bounds the edits (a path is judged by its file name's length, not the whole path's).
   */
  suggest(
    name: string,
    known: Iterable<string>,
    at: { file: string; pointer: string; atKey?: boolean; replace?: SuggestReplace | null; maxDistance?: number },
  ): { suffix: string; suggestions?: string[]; fixes?: FindingFix[] } {
    const near = nearestNames(name, known, 3, at.maxDistance);
    if (!near.length) return { suffix: '' };
    const names = near.map((n) => n.name);
    const certain =
      near.filter((n) => n.distance <= CERTAIN_DISTANCE).length === 1 && near[0]!.distance <= CERTAIN_DISTANCE;
    const file = this.site.files.get(at.file);
    const node = at.replace === undefined && file ? targetNode(file, at.pointer, at.atKey) : undefined;
    const replace: SuggestReplace | null | undefined =
      at.replace ?? (node && { offset: node.offset, length: node.length, content: (n) => JSON.stringify(n) });
    const fixes: FindingFix[] = replace
      ? names.map((n, i) => ({
          description: `Replace "${name}" with "${n}"`,
          file: at.file,
          edits: [{ offset: replace.offset, length: replace.length, content: replace.content(n) }],
          certain: certain && i === 0,
        }))
      : [];
    return { suffix: didYouMeanText(names), suggestions: names, ...(fixes.length && { fixes }) };
  }
}
