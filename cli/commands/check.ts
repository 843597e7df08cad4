import { lintCommand } from './lint.ts';

/** Only the fast missing-file rules (and JSON syntax, without which nothing can be checked). */
export const checkCommand = (opts: { format: string }) => lintCommand(opts, true);
