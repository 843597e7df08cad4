#!/usr/bin/env node
// The `joinery` command. TypeScript sources run through tsx's loader (no separate compile step).
import { register } from 'tsx/esm/api';

// NODE_ENV as the caller set it: `joinery start` refuses the sandbox only in a production asked for.
globalThis.joineryGivenNodeEnv = process.env.NODE_ENV;
// React picks its development or production build from NODE_ENV when first loaded.
if (process.argv[2] !== 'dev') process.env.NODE_ENV ??= 'production';
register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv);
