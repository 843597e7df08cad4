#!/usr/bin/env -S node --max-semi-space-size=64
// The `joinery` command. TypeScript sources run through tsx's loader (no separate compile step).
// The flag above (read only when Node starts, so it cannot be set from here): a 64 MiB young
// generation instead of 16. A server under load allocates about half a megabyte per checkout;
// with 16 MiB V8 collected it 32 times a second and promoted enough of the requests in flight to
// need two full (mark-compact) collections in every 5 s, each stopping all requests for 7-14 ms.
// With 64 MiB: 9 young collections a second and no full one (bench/checkout.ts).
import { register } from 'tsx/esm/api';

// NODE_ENV as the caller set it: `joinery start` refuses the sandbox only in a production asked for.
globalThis.joineryGivenNodeEnv = process.env.NODE_ENV;
// React picks its development or production build from NODE_ENV when first loaded.
if (process.argv[2] !== 'dev') process.env.NODE_ENV ??= 'production';
register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv);
