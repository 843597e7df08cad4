import { runLint, type LintOptions } from './lint.ts';

/** `joinery check`: only the fast rules (missing files, and JSON syntax without which nothing can be checked). */
export const checkCommand = (opts: Pick<LintOptions, 'format'>) => runLint(opts, true);
