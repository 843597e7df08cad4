#!/usr/bin/env node
// `npm test`: every check that proves the project, in order, stopping at the first failure.
// format -> code lint -> unused code -> lint of site-config -> generated types up to date ->
// type check -> unit and integration tests -> build -> HTML validity of the pages and e-mails
// (W3C Nu Html Checker) -> end-to-end tests in Chromium -> every block example (screenshots at
// three widths, axe, overflow, keyboard steps: tests/blocks/).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['format (Biome; npm run format fixes it)', 'npx', ['biome', 'format', '.']],
  ['code lint (Biome)', 'npm', ['run', '--silent', 'lint:code']],
  ['unused code (knip)', 'npm', ['run', '--silent', 'knip']],
  ['lint site-config', 'node', ['cli/bin.js', 'lint']],
  ['types up to date', 'node', ['cli/bin.js', 'types', '--check']],
  ['type check', 'npx', ['tsc', '-p', '.']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  ['build', 'node', ['cli/bin.js', 'build']],
  ['HTML validity (Nu Html Checker)', 'node', ['--import', 'tsx', 'tests/html-validity/check.ts']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
  ['block examples (npm run test:blocks)', 'node', ['tests/blocks/run.js']],
];

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error(
    'npm test: Chromium is missing at /usr/bin/chromium (apt-get install -y chromium), needed by the end-to-end tests',
  );
  process.exit(1);
}

// The Nu Html Checker (vnu-jar) runs on Java 17 or later.
if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) {
  console.error(
    'npm test: Java is missing (apt-get install -y default-jre-headless), needed by the HTML validity check',
  );
  process.exit(1);
}

// The integration tests also run on a PostgreSQL server they start (server/testing/postgres.ts).
const hasInitdb =
  spawnSync('sh', ['-c', 'command -v initdb || ls /usr/lib/postgresql/*/bin/initdb'], { stdio: 'ignore' }).status === 0;
if (!hasInitdb) {
  console.error('npm test: PostgreSQL is missing (apt-get install -y postgresql), needed by the integration tests');
  process.exit(1);
}

// Plain output in CI logs (any FORCE_COLOR, even "0", turns colours on in some tools).
const env = { ...process.env };
if (env.CI) {
  delete env.FORCE_COLOR;
  env.NO_COLOR = '1';
}

let passed = 0;
const t0 = Date.now();
for (const [name, cmd, args] of steps) {
  const t = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n=== ${name} failed (exit ${r.status ?? r.signal}) after ${secs} s`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed++;
  console.log(`=== ${name}: ok in ${secs} s`);
}
console.log(`\nAll checks passed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log(`steps: ${passed} passed, 0 failed`);
