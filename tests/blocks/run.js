#!/usr/bin/env node
// `npm run test:blocks`: every block example rendered, compared and checked in Chromium
// (tests/blocks/). `-- --update` accepts the visual changes (writes the new baselines);
// other arguments go to Playwright (`-g banner`, `--workers=1`).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2).map((a) => (a === '--update' ? '--update-snapshots=changed' : a));
const r = spawnSync('npx', ['playwright', 'test', '-c', 'tests/blocks/playwright.config.ts', ...args], {
  stdio: 'inherit',
});
if (r.status !== 0)
  console.error(
    '\nA block example failed. Its expected, actual and diff images are under test-results/blocks/. ' +
      'A visual change you meant: npm run test:blocks -- --update writes the new baselines (commit them).',
  );
process.exit(r.status ?? 1);
