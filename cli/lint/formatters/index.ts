/** One reporter per output format (as ESLint's formatters). */
import type { Finding } from '../../../engine/lint.ts';
import type { RuleMeta } from '../rule.ts';
import github from './github.ts';
import json from './json.ts';
import sarif from './sarif.ts';
import stylish from './stylish.ts';

export interface FormatContext {
  /** The content folder as a path from the working directory ("site-config"). */
  siteDir: string;
  /** The rules that ran. */
  rules: RuleMeta[];
}

export type Formatter = (findings: Finding[], ctx: FormatContext) => string;

export const formatters: Record<string, Formatter> = { stylish, json, github, sarif };
