/**
 * A lint rule: one module with its `meta` (as Shopify's theme-check: code, name, severity, docs
 * with a one-line description and the path of its page under docs/rules/) and its checks, each
 * with the inputs it reads, so an edit re-runs only what it can change (cli/lint/incremental.ts).
 * The central list is rules/index.ts.
 *
 * - `checkFile(ctx, file)` reports findings in `file` only, from its text and `fileInputs`: an edit
 *   of a file re-checks that file; an edit of one of `fileInputs` re-checks every file.
 * - `check(ctx)` reads across the site and may report in any file: an edit of one of `inputs`
 *   re-runs it. A `check` without `inputs` re-runs on every edit.
 * A full lint runs `check`, then `checkFile` on every file.
 */
import type { JsonFile, Severity } from '../../engine/lint.ts';
import type { LintContext } from './context.ts';

export interface RuleMeta {
  /** The id every finding carries ("missing-file"). */
  code: string;
  /** A short title for people ("Missing file"). */
  name: string;
  /** Default severity. */
  severity: Severity;
  docs: {
    description: string;
    /** The rule's page, from the project root: docs/rules/<code>.md. */
    url: string;
  };
}

/**
 * What a check reads besides the file it checks. Which content files exist, the rule
 * configuration and the block schemas are read by every rule: a file added or deleted, or a
 * changed joinery.config.json, re-runs them all.
 */
export type RuleInput =
  /** The route table: routes.json and the data files collections expand from. */
  | 'routes'
  /** site.json. */
  | 'site'
  /** Files by folder: pages/, templates/, forms/, menus/; data/ and catalogs/ (the catalogue). */
  | 'pages'
  | 'templates'
  | 'forms'
  | 'menus'
  | 'data'
  /** The files a file's `$data` references name, and theirs in turn (only in `fileInputs`). */
  | 'references'
  /** The files under the site's images/ folder (on disk, not content files). */
  | 'images'
  /** joinery.config.json. */
  | 'config'
  /** Every content file. */
  | 'all';

export interface Rule {
  meta: RuleMeta;
  /** Only the missing-file rules run in `joinery check`. */
  fast?: boolean;
  /** What `check` reads. */
  inputs?: RuleInput[];
  check?(ctx: LintContext): void;
  /** What `checkFile` reads besides the file. */
  fileInputs?: RuleInput[];
  checkFile?(ctx: LintContext, file: JsonFile): void;
}

export const defineRule = (rule: Rule) => rule;
