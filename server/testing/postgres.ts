/**
 * A real, throw-away PostgreSQL server for tests: `initdb` into a temporary folder, `pg_ctl`
 * starts it on a free loopback port with its socket in that folder, `stop()` shuts it down and
 * removes the folder. Uses Debian's postgresql package (/usr/lib/postgresql/<version>/bin) or
 * initdb on the PATH. PostgreSQL refuses to run as root, so under root it runs as `postgres`.
 *
 * Durability is off (fsync, synchronous_commit): the data lives only as long as the test run.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';

export interface PostgresServer {
  port: number;
  /** URL of a database on this server (default: the `postgres` maintenance database). */
  url(database?: string): string;
  /** A new empty database; returns its URL. */
  createDatabase(name?: string, template?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /**
   * What an operator's `pg_ctl restart -m fast` does, in its two halves: `halt()` stops the
   * server (every session terminated with 57P01, new connections refused) and keeps its data;
   * `resume()` starts it again on the same port. `restart()` is both in one pg_ctl call. Each
   * returns once pg_ctl has seen the server stopped or accepting connections (it polls).
   */
  halt(): Promise<void>;
  resume(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** The folder holding initdb, pg_ctl and postgres, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    return execFileSync('sh', ['-c', 'dirname "$(command -v initdb)"'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function run(bin: string, args: string[]): string {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The same, without blocking the event loop meanwhile (requests in flight go on). */
async function runAsync(bin: string, args: string[]): Promise<void> {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  await promisify(execFile)(cmd, argv, { encoding: 'utf8' });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql): initdb not found');
  const dir = mkdtempSync(join(tmpdir(), 'joinery-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const port = await freePort();
  const options = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const pgCtl = join(bin, 'pg_ctl');
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    run(pgCtl, ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
  } catch (e) {
    const why = existsSync(log)
      ? readFileSync(log, 'utf8').slice(-2000)
      : ((e as { stderr?: string }).stderr ?? String(e));
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL: ${why}`);
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(query: (c: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await query(client);
    } finally {
      await client.end();
    }
  };
  let next = 0;
  return {
    port,
    url,
    async createDatabase(name = `t${process.pid}_${Date.now().toString(36)}_${next++}`, template?: string) {
      await admin((c) => c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
      return url(name);
    },
    async dropDatabase(name) {
      await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
    halt: () => runAsync(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    resume: () => runAsync(pgCtl, ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']),
    restart: () => runAsync(pgCtl, ['-D', data, '-l', log, '-o', options, '-m', 'fast', '-w', '-t', '60', 'restart']),
    async stop() {
      try {
        // Already halted: nothing to stop.
        if (existsSync(join(data, 'postmaster.pid'))) run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The migrated template every test database is copied from (CREATE DATABASE ... TEMPLATE). */
export const MIGRATED_TEMPLATE = 'joinery_migrated';

/** Creates and migrates the template database (its connections closed, as a template needs). */
export async function createMigratedTemplate(server: PostgresServer): Promise<void> {
  const db = openDatabase(await server.createDatabase(MIGRATED_TEMPLATE));
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
