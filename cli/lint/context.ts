/**
 * What a rule sees: the loaded site with source positions, the compiled validator, the route
 * table, the block types, and `report` which turns a file + JSON Pointer into file:line:column.
 */
import {
  buildRouteTable,
  createValidator,
  positionOf,
  readSchemasDir,
  RouteTableError,
  type Finding,
  type RouteEntry,
  type Severity,
  type Site,
  type Validator,
} from '../../engine/node.ts';
import { readBlockSchemas, blockTypes } from '../blocks.ts';
import { SCHEMAS_DIR } from '../paths.ts';

export interface ReportInput {
  file: string;
  pointer: string;
  message: string;
  /** Point at the property key rather than its value. */
  atKey?: boolean;
  severity?: Severity;
  fix?: string;
  /** Position when it is not given by a pointer (syntax errors). */
  position?: { line: number; column: number };
}

let cachedValidator: Validator | undefined;
/** Compiled once per process. */
export function getValidator(): Validator {
  cachedValidator ??= createValidator(readSchemasDir(SCHEMAS_DIR), readBlockSchemas());
  return cachedValidator;
}

export class LintContext {
  readonly findings: Finding[] = [];
  readonly blockTypes: Set<string>;
  private routeCache?: RouteEntry[];
  currentRule = { id: '', severity: 'error' as Severity };

  constructor(
    readonly site: Site,
    private readonly validatorFactory: () => Validator = getValidator,
  ) {
    this.blockTypes = new Set(blockTypes());
  }

  get validator(): Validator {
    return this.validatorFactory();
  }

  /** Routes with collections expanded; a broken collection is reported by the rule that owns it. */
  get routes(): RouteEntry[] {
    if (!this.routeCache) {
      try {
        this.routeCache = buildRouteTable(this.site);
      } catch (e) {
        if (!(e instanceof RouteTableError)) throw e;
        this.routeCache = [];
      }
    }
    return this.routeCache;
  }

  report(f: ReportInput) {
    const file = this.site.files.get(f.file);
    const pos = f.position ?? (file ? positionOf(file, f.pointer, { key: f.atKey }) : { line: 1, column: 1 });
    this.findings.push({
      ruleId: this.currentRule.id,
      severity: f.severity ?? this.currentRule.severity,
      message: f.message,
      file: f.file,
      line: pos.line,
      column: pos.column,
      pointer: f.pointer,
      ...(f.fix && { fix: f.fix }),
    });
  }
}
