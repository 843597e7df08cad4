/**
 * A lint rule: one module with its `meta` (as Shopify's theme-check: code, name, severity, docs
 * with a one-line description and the path of its page under docs/rules/) and a `check` that
 * reports findings through the context. The central list is rules/index.ts.
 */
import type { Severity } from '../../engine/node.ts';
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

export interface Rule {
  meta: RuleMeta;
  /** Only the missing-file rules run in `joinery check`. */
  fast?: boolean;
  check(ctx: LintContext): void;
}

export const defineRule = (rule: Rule) => rule;
