/**
 * `joinery` as child processes for crash tests: `startJoinery` runs `joinery start --port 0`
 * and resolves once it listens; `runJoinery` runs one command to its end. Both take the whole
 * environment the process needs beyond the caller's (the database, the crash point ...): the
 * caller's DATABASE_URL, JOINERY_DB, SMTP_URL, PORT and JOINERY_CRASH_AT never leak in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../paths.ts';
import type { TempDir } from './temp-dir.ts';
import { writeFakeDist } from './fake-dist.ts';
import type { TestDatabase } from './test-db.ts';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  base: string;
  child: ChildProcess;
  /** stdout and stderr as they came. */
  output: string[];
  exited: Promise<Exit>;
  /** SIGTERM (SIGKILL after 10 s); resolves once it is gone. Nothing when it already exited. */
  stop(): Promise<Exit>;
}

const INHERITED_OUT = [
  'DATABASE_URL',
  'JOINERY_DB',
  'JOINERY_DATA_DIR',
  'SMTP_URL',
  'PORT',
  'JOINERY_CRASH_AT',
  'JOINERY_PAYMENT_LEASE_MS',
  'JOINERY_RECONCILE_INTERVAL_MS',
];

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const k of INHERITED_OUT) delete base[k];
  return { ...base, HOST: '127.0.0.1', JOINERY_LOG_REQUESTS: '0', ...env };
}

const exitOf = (child: ChildProcess) =>
  new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

/**
 * The environment of a server on the test's database: a fake build, uploads and mail (.eml
 * files) in `dir`; SQLite: `dir`/joinery.db (openTestDatabase's file), PostgreSQL: its URL.
 */
export function joineryEnv(dir: TempDir, t: TestDatabase): Record<string, string> {
  return {
    ...(t.kind === 'postgres' ? { DATABASE_URL: t.target } : { JOINERY_DB: t.target }),
    JOINERY_DATA_DIR: dir.path,
    JOINERY_DIST_DIR: writeFakeDist(dir.join('dist')),
    JOINERY_UPLOAD_DIR: dir.join('uploads'),
  };
}

/** `globalArgs` go before the command (`--site DIR`). */
export function startJoinery(
  env: Record<string, string>,
  globalArgs: string[] = [],
  timeoutMs = 60_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['cli/bin.js', ...globalArgs, 'start', '--port', '0'], {
    cwd: PROJECT_ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = exitOf(child);
  const stop = async (): Promise<Exit> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`joinery start did not listen within ${timeoutMs} ms: ${output.join('')}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const port = /running at http:\/\/localhost:(\d+)/.exec(output.join(''))?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ base: `http://127.0.0.1:${port}`, child, output, exited, stop });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((e) => {
      clearTimeout(timer);
      reject(new Error(`joinery start exited (${e.signal ?? e.code}) before listening: ${output.join('')}`));
    });
  });
}

/** Runs `joinery ARGS` to its end. */
export async function runJoinery(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Exit & { stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['cli/bin.js', ...args], {
    cwd: PROJECT_ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exit = await exitOf(child);
  clearTimeout(timer);
  return { ...exit, stdout, stderr };
}

export interface JsonAnswer {
  status: number;
  json: Record<string, any>;
  text: string;
}

/** POSTs JSON; rejects when the connection fails (a server killed mid-request). */
export async function postJson(base: string, path: string, body: unknown): Promise<JsonAnswer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, any> = {};
  try {
    json = JSON.parse(text) as Record<string, any>;
  } catch {
    // not JSON: the caller looks at text
  }
  return { status: res.status, json, text };
}

/** What the checkout page's tokenizer does: the card goes to the sandbox gateway, the shop gets its token. */
export async function sandboxCardToken(
  base: string,
  card: { number: string; expMonth: string; expYear: string; cvv: string },
): Promise<string> {
  const r = await postJson(base, '/sandbox-gateway/v1/tokens', card);
  if (r.status !== 201) throw new Error(`no card token: ${r.status} ${r.text}`);
  return r.json.id as string;
}
