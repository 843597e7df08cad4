#!/usr/bin/env node
// `npm test`: every check that proves the project. Three stages, each started once the one before
// passed; within a stage, the lanes (steps one after another) run at the same time, because no lane
// needs another's result and one alone leaves the machine's cores waiting:
//   1. format, code lint, unused code (knip), lint of site-config, generated types up to date, type check;
//   2. unit and integration tests | build, then HTML validity of the pages and e-mails (W3C Nu Html
//      Checker), then every block example (screenshots at three widths, axe, overflow, keyboard steps:
//      tests/blocks/), which fill the cores the integration tests leave waiting on their servers;
//   3. end-to-end tests in Chromium.
// A stage's first lane prints as it runs; the others print whole, each step under its own header,
// once the first lane is done. A failed step stops its lane; the stage ends, then the run. On one
// core, each stage's steps run one after another.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const step = (name, cmd, args) => ({ name, cmd, args });
const stages = [
  [
    [step('format (Biome; npm run format fixes it)', 'npx', ['biome', 'format', '.'])],
    [step('code lint (Biome)', 'npm', ['run', '--silent', 'lint:code'])],
    [step('unused code (knip)', 'npm', ['run', '--silent', 'knip'])],
    [step('lint site-config', 'node', ['cli/bin.js', 'lint'])],
    [step('types up to date', 'node', ['cli/bin.js', 'types', '--check'])],
    [step('type check', 'npx', ['tsc', '-p', '.'])],
  ],
  [
    [step('unit and integration tests', 'npx', ['vitest', 'run'])],
    [
      step('build', 'node', ['cli/bin.js', 'build']),
      step('HTML validity (Nu Html Checker)', 'node', ['--import', 'tsx', 'tests/html-validity/check.ts']),
      step('block examples (npm run test:blocks)', 'node', ['tests/blocks/run.js']),
    ],
  ],
  [[step('end-to-end tests', 'npx', ['playwright', 'test'])]],
];

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell')) {
  console.error(
    'npm test: Chromium is missing at /usr/bin/chromium-headless-shell (apt-get install -y chromium-headless-shell), needed by the end-to-end tests',
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

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs one step; `out` gets its header, output and result line. Resolves to whether it passed. */
function run({ name, cmd, args }, out, live) {
  const t = Date.now();
  out(`\n=== ${name}: ${cmd} ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (!live) {
      child.stdout.on('data', (d) => out(d));
      child.stderr.on('data', (d) => out(d));
    }
    child.on('close', (code, signal) => {
      if (code === 0) out(`=== ${name}: ok in ${seconds(t)} s\n`);
      else out(`\n=== ${name} failed (exit ${code ?? signal}) after ${seconds(t)} s\n`);
      resolve(code === 0);
    });
  });
}

// On one core (taskset -c 0) lanes at once only share it: a stage's steps run one after another.
const planned = availableParallelism() > 1 ? stages : stages.map((lanes) => [lanes.flat()]);

let passed = 0;
let failed = 0;
const t0 = Date.now();
for (const lanes of planned) {
  const buffers = lanes.map(() => []);
  const ends = lanes.map(async (steps, i) => {
    const out = i === 0 ? (s) => process.stdout.write(s) : (s) => buffers[i].push(Buffer.from(s));
    for (const s of steps) {
      if (!(await run(s, out, i === 0))) {
        failed++;
        return;
      }
      passed++;
    }
  });
  // The first lane has printed as it ran; the others print in order, each once it is done.
  await ends[0];
  for (let i = 1; i < lanes.length; i++) {
    await ends[i];
    process.stdout.write(Buffer.concat(buffers[i]));
  }
  if (failed) {
    console.log(`steps: ${passed} passed, ${failed} failed`);
    process.exit(1);
  }
}
console.log(`\nAll checks passed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log(`steps: ${passed} passed, 0 failed`);
