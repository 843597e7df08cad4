/**
 * What each test of a store or outbox test file starts from: a fresh test database, a manual
 * clock, and cleanups run after the test (last added first) before the database closes.
 */
import { afterEach, beforeEach } from 'vitest';
import { manualClock, type ManualClock } from '../clock.ts';
import type { Db } from '../db/schema.ts';
import { tempDir, type TempDir } from './temp-dir.ts';
import { openTestDatabase, type TestDatabase } from './test-db.ts';

interface TestBed {
  testDb: TestDatabase;
  db: Db;
  clock: ManualClock;
  /** Runs `cleanup` after the current test. */
  defer(cleanup: () => unknown): void;
}

/** Call once at a test file's top level; the bed's fields are each test's own. */
export function testBedPerTest(start = '2025-03-01T10:00:00.000Z'): TestBed {
  const cleanups: (() => unknown)[] = [];
  let dir: TempDir | undefined;
  const bed = { defer: (cleanup: () => unknown) => void cleanups.push(cleanup) } as TestBed;
  beforeEach(async () => {
    dir = tempDir();
    bed.testDb = await openTestDatabase(dir);
    bed.db = bed.testDb.db;
    bed.clock = manualClock(start);
  });
  afterEach(async () => {
    try {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    } finally {
      await bed.testDb?.close();
      dir?.cleanup();
      dir = undefined;
    }
  });
  return bed;
}
