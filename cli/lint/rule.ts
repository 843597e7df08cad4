/**
 * A lint rule: one module with its id, default severity, a line of docs, and a `check` that
 * reports findings through the context. The central list is rules/index.ts.
 */
import type { Severity } from '../../engine/node.ts';
import type { LintContext } from './context.ts';

export interface Rule {
  id: string;
  severity: Severity;
  description: string;
  /** Only the missing-file rules run in `joinery check`. */
  fast?: boolean;
  check(ctx: LintContext): void;
}

export const defineRule = (rule: Rule) => rule;
