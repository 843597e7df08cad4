/** Whether this code runs compiled (cli/compile.js, from cli/bin.js) or as TypeScript (tests, Vite). */
import { join, relative } from 'node:path';
import { ROOT } from './paths.ts';

// Replaced by the compiled copy's folder when compiled; not defined in the TypeScript sources.
declare const JOINERY_COMPILED_DIR: string | undefined;

/** The folder of the compiled copy this code runs from, or undefined when it runs as TypeScript. */
export const compiledDir: string | undefined =
  typeof JOINERY_COMPILED_DIR === 'string' ? JOINERY_COMPILED_DIR : undefined;

/** The file to import (or start as a worker) for a TypeScript source: its compiled copy when running compiled. */
export const runnable = (source: string): string =>
  compiledDir ? join(compiledDir, relative(ROOT, source).replace(/\.tsx?$/, '.js')) : source;
