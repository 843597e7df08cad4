#!/usr/bin/env node
// The `joinery` command, run from the compiled JavaScript (cli/compile.js: compiled at the first
// command after an edit, reused after); `joinery lint` from its one-file bundle. Tests and Vite
// load the TypeScript sources themselves.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { commandOf, compiledDir, lintBundle, loadLintBundle } from './compile.js';

// NODE_ENV as the caller set it: `joinery start` refuses the sandbox only in a production asked for.
globalThis.joineryGivenNodeEnv = process.env.NODE_ENV;
// React picks its development or production build from NODE_ENV when first loaded.
if (process.argv[2] !== 'dev') process.env.NODE_ENV ??= 'production';
if (commandOf(process.argv.slice(2)) === 'lint') {
  // A lint is over in a second: V8's optimizing compiler would cost more than it saves (a fifth of
  // the CPU of a lint, of the shipped site or of a thousand pages).
  setFlagsFromString('--no-opt');
  const { main, saveCodeCache } = loadLintBundle(await lintBundle());
  process.exitCode = await main(process.argv);
  saveCodeCache();
} else {
  const { main } = await import(pathToFileURL(join(await compiledDir(), 'cli', 'main.js')).href);
  process.exitCode = await main(process.argv);
}
