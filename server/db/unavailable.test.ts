/**
 * isDatabaseUnavailable tells "the database cannot be reached right now" (a 503 worth retrying)
 * from a query's own failure: on errors the drivers really throw (pg refused by a closed port,
 * SQLite's file locked past its busy timeout, a constraint) and on PostgreSQL's error codes.
 */
import { createServer, type AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './dialect.ts';
import { openDatabase, type Db } from './open.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });

let dir: TempDir | undefined;
let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  dir?.cleanup();
  db = dir = undefined;
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('isDatabaseUnavailable', () => {
  it('is true for a query through the pool when PostgreSQL refuses the connection', async () => {
    db = openDatabase(`postgres://joinery@127.0.0.1:${await closedPort()}/joinery`);
    const err = await sql`select 1`.execute(db).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("is true for SQLite's SQLITE_BUSY once the busy timeout is over, false for its constraint errors", () => {
    dir = tempDir('joinery-unavailable-');
    const file = dir.join('busy.db');
    const a = new SQLite(file);
    const b = new SQLite(file);
    try {
      a.pragma('journal_mode = WAL');
      a.exec('create table t (id integer primary key)');
      b.pragma('busy_timeout = 0');
      a.exec('begin immediate');
      const busy = (() => {
        try {
          b.exec('begin immediate');
        } catch (e) {
          return e;
        }
      })();
      expect((busy as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
      expect(isDatabaseUnavailable(busy)).toBe(true);
      a.exec('insert into t (id) values (1)');
      const duplicate = (() => {
        try {
          a.exec('insert into t (id) values (1)');
        } catch (e) {
          return e;
        }
      })();
      expect((duplicate as { code?: string }).code).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
      expect(isDatabaseUnavailable(duplicate)).toBe(false);
      a.exec('rollback');
    } finally {
      a.close();
      b.close();
    }
  });

  it("is true for PostgreSQL's connection, shutdown and too-many-connections codes", () => {
    for (const code of ['57P01', '57P02', '57P03', '57P05', '08000', '08003', '08006', '08001', '08P01', '53300'])
      expect(isDatabaseUnavailable(pgError(code)), code).toBe(true);
  });

  it("is false for a query's own errors: constraints, bad SQL, serialization, a dropped database", () => {
    for (const code of ['23505', '23503', '42P01', '42601', '40001', '40P01', '22P02', '57014', '57P04', '53100'])
      expect(isDatabaseUnavailable(pgError(code)), code).toBe(false);
  });

  it("is true for Node's socket errors and pg's lost-connection errors without a code", () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code })), code).toBe(true);
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ])
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
  });

  it('is true for an AggregateError only when every one of its errors is', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')]))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused('::1:5432'), new Error('boom')]))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([]))).toBe(false);
  });

  it('is false for anything else', () => {
    for (const e of [
      undefined,
      null,
      'ECONNRESET',
      57,
      new Error('Connection refused by the shop'),
      new TypeError('fetch failed'),
      { code: 'SQLITE_ERROR' },
      { code: 'ERR_INVALID_ARG' },
    ])
      expect(isDatabaseUnavailable(e), String(e)).toBe(false);
  });
});
