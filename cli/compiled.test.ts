/**
 * The `joinery` command as shipped (cli/bin.js), from no compiled copy as on a fresh clone: the
 * first command compiles, then every command the README lists runs from the compiled JavaScript
 * (cli/compile.js), no TypeScript loaded, and each loads only what it uses.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../server/testing/index.ts';
import { ROOT } from './paths.ts';

let dir: TempDir | undefined;
afterEach(() => dir?.cleanup());
// Where the copies go: empty at first, as on a fresh clone; in the project, whose packages they import.
let copies: string;
beforeAll(() => {
  copies = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'joinery-js-test-'));
});
afterAll(() => rmSync(copies, { recursive: true, force: true }));

/** Runs `joinery ...args` and returns its output with the URL of every module it loaded. */
function joinery(args: string[], env: Record<string, string> = {}) {
  dir = tempDir('joinery-compiled-');
  const log = join(dir.path, 'modules.log');
  const r = spawnSync(process.execPath, ['--import', './tests/support/module-log.js', 'cli/bin.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      JOINERY_COMPILED_ROOT: copies,
      JOINERY_MODULE_LOG: log,
      JOINERY_DATA_DIR: dir.path,
      ...env,
    },
    timeout: 240_000,
  });
  const modules = readFileSync(log, 'utf8').trim().split('\n');
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, modules };
}

const typescript = (modules: string[]) => modules.filter((u) => /\.tsx?$/.test(new URL(u).pathname));
const compiled = (modules: string[]) => modules.filter((u) => u.startsWith(`file://${copies}/`));
const packagesIn = (modules: string[]) =>
  new Set(modules.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/.][^/]*)\//.exec(u)?.[1] ?? []));

// The commands of the README's table, each with its subcommands.
const COMMANDS = [
  ['lint'],
  ['rules'],
  ['check'],
  ['new'],
  ['types'],
  ['build'],
  ['start'],
  ['dev'],
  ['lsp'],
  ['migrate'],
  ['quote', 'create'],
  ['quote', 'list'],
  ['quote', 'cancel'],
  ['orders', 'list'],
  ['orders', 'show'],
  ['submissions', 'list'],
  ['submissions', 'show'],
  ['payments', 'reconcile'],
];

describe('the compiled joinery command', () => {
  it('compiles at the first command when there is no compiled copy', () => {
    expect(readdirSync(copies)).toEqual([]);
    const r = joinery(['rules']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('unknown-block');
    const made = readdirSync(copies);
    expect(made).toHaveLength(1);
    expect(compiled(r.modules)).toContainEqual(expect.stringContaining(`${copies}/${made[0]}/cli/commands/rules.js`));
  }, 300_000);

  it.each(COMMANDS.map((c) => [c.join(' ')]))('%s --help: its usage, from the compiled files', (command) => {
    const r = joinery([...command.split(' '), '--help']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: joinery ${command} `));
    expect(typescript(r.modules)).toEqual([]);
    // lint runs from its one-file bundle (not a module: run as a script), every other command from the copy.
    if (command === 'lint') expect(compiled(r.modules)).toEqual([]);
    else expect(compiled(r.modules)).toContainEqual(expect.stringMatching(/\/cli\/main\.js$/));
  });

  it('--help loads commander and no command', () => {
    const r = joinery(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: joinery [options] [command]');
    expect(compiled(r.modules).filter((u) => /\/(commands|lint|server|engine\/validate)\//.test(u))).toEqual([]);
    expect([...packagesIn(r.modules)].filter((p) => p !== 'jsonc-parser' && p !== 'commander')).toEqual([]);
  });

  it('lint of the shipped site: clean, from one bundle holding no Vite, React, database, HTTP, forms or server module', () => {
    const r = joinery(['--site', 'site-config', 'lint']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
    expect(typescript(r.modules)).toEqual([]);
    // What it ran: the bundle's inputs (its manifest) and the modules it loaded besides.
    const { inputs } = JSON.parse(readFileSync(join(copies, 'lint', 'manifest.json'), 'utf8')) as { inputs: string[] };
    expect(inputs).toContain('cli/lint/rules/schema.ts');
    const loaded = new Set([...packagesIn(r.modules), ...packagesIn(inputs.map((f) => `file:///${f}`))]);
    for (const p of [
      'vite',
      'react',
      'react-dom',
      'kysely',
      'better-sqlite3',
      'pg',
      'hono',
      'stripe',
      'nodemailer',
      'zod',
    ])
      expect(loaded, p).not.toContain(p);
    expect(inputs.filter((f) => /^(server|engine\/forms|engine\/render)\//.test(f) || f.endsWith('.tsx'))).toEqual([]);
    expect(compiled(r.modules)).toEqual([]);
  });

  it('lint bundles again after an edit of a file it holds, and the new bundle lints the same', () => {
    const before = readdirSync(join(copies, 'lint')).filter((f) => f.endsWith('.cjs'));
    const rule = join(ROOT, 'cli', 'lint', 'rules', 'style-name.ts');
    const { atime, mtime } = statSync(rule);
    try {
      utimesSync(rule, atime, new Date(mtime.getTime() + 1000));
      const r = joinery(['lint', '--format', 'json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([]);
    } finally {
      utimesSync(rule, atime, mtime);
    }
    const after = readdirSync(join(copies, 'lint')).filter((f) => f.endsWith('.cjs'));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it('start runs the compiled server modules: a partly configured provider stops it with its message', () => {
    const r = joinery(['start', '--port', '0'], { STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^joinery start: Stripe is partly configured/);
    expect(typescript(r.modules)).toEqual([]);
    // The server's modules come bundled in the start command's one compiled file (cli/compile.js BUNDLED).
    expect(compiled(r.modules)).toContainEqual(expect.stringMatching(/\/cli\/commands\/start\.js$/));
    expect(compiled(r.modules).filter((u) => u.includes('/server/'))).toEqual([]);
    expect(
      readFileSync(new URL(compiled(r.modules).find((u) => u.endsWith('/cli/commands/start.js'))!), 'utf8'),
    ).toContain('function createServer(');
  });
});
