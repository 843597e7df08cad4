/**
 * A hono-rate-limiter store that keeps its counters in the database (table rate_limit_hits), so
 * servers sharing a database share the limit: an address cannot get N requests per server by
 * being spread over several. Fixed windows; each hit is one upsert that starts a new window when
 * the old one ended, the same statement on SQLite and PostgreSQL. Time is the wall clock, as
 * hono-rate-limiter computes Retry-After from it.
 */
import type { Kysely } from 'kysely';
import type { Store } from 'hono-rate-limiter';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';

/** One hit: a new window when the old one ended, else one more hit in it (prepared: the hot path runs it per request). */
const hit = prepared((db, $: { key: string; at: string; reset: string }) =>
  db
    .insertInto('rate_limit_hits')
    .values({ key: $.key, hits: 1, reset_at: $.reset })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when('rate_limit_hits.reset_at', '<=', $.at)
          .then(1)
          .else(eb('rate_limit_hits.hits', '+', 1))
          .end(),
        reset_at: eb
          .case()
          .when('rate_limit_hits.reset_at', '<=', $.at)
          .then($.reset)
          .else(eb.ref('rate_limit_hits.reset_at'))
          .end(),
      })),
    )
    .returning(['hits', 'reset_at']),
);

/** Ended windows are deleted every this many hits of one store. */
const SWEEP_EVERY = 500;

export function databaseRateLimitStore(
  db: Kysely<Database>,
  o: { name: string; windowMs: number; now?: () => number },
): Store {
  const now = o.now ?? Date.now;
  const key = (k: string) => `${o.name}:${k}`;
  let sinceSweep = 0;
  return {
    localKeys: false,
    prefix: `${o.name}:`,
    async increment(k) {
      const at = new Date(now()).toISOString();
      const reset = new Date(now() + o.windowMs).toISOString();
      const row = (await hit.first(db, { key: key(k), at, reset }))!;
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', at).execute();
      }
      return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
    },
    async get(k) {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select(['hits', 'reset_at'])
        .where('key', '=', key(k))
        .executeTakeFirst();
      if (!row || row.reset_at <= new Date(now()).toISOString()) return undefined;
      return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
    },
    async decrement(k) {
      await db
        .updateTable('rate_limit_hits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', key(k))
        .where('hits', '>', 0)
        .execute();
    },
    async resetKey(k) {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key(k)).execute();
    },
  };
}
