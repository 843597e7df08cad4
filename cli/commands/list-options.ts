/**
 * What `joinery orders` and `joinery submissions` share: their options (--format, --limit,
 * --since) and the server's database opened read-only for the length of one command.
 */
import { readSiteJson } from '../../server/config.ts';
import { DatabaseUnreadable, openForReading, type Db } from '../../server/db/index.ts';
import { getSiteDir } from '../context.ts';
import { UsageError } from '../exit-codes.ts';

export const LIST_FORMATS = ['table', 'json', 'csv'] as const;
export const SHOW_FORMATS = ['text', 'json'] as const;
export const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

/** The option's value when it is one of `allowed`; a usage error naming them otherwise. */
export const oneOf = <T extends string>(option: string, allowed: readonly T[], v: string): T => {
  if ((allowed as readonly string[]).includes(v)) return v as T;
  throw new UsageError(`${option} takes ${allowed.join(' | ')}, got "${v}"`);
};

export function parseLimit(v: string): number {
  const n = /^\d{1,6}$/.test(v.trim()) ? Number(v) : NaN;
  if (!(n >= 1 && n <= MAX_LIMIT))
    throw new UsageError(`--limit takes a whole number from 1 to ${MAX_LIMIT}, got "${v}"`);
  return n;
}

const AGO: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * --since: a time ago ("30m", "24h", "7d", "2w") or an ISO date or time ("2025-01-31",
 * "2025-01-31T09:30", "2025-01-31T09:30:00+01:00"; UTC when it names no zone).
 */
export function parseSince(v: string, now: Date): Date {
  const s = v.trim();
  const ago = /^(\d{1,5})([mhdw])$/.exec(s);
  if (ago) return new Date(now.getTime() - Number(ago[1]) * AGO[ago[2]!]!);
  const m = ISO_DATE.exec(s);
  if (m) {
    const [, y, mo, d, h = '00', mi = '00', sec = '00', frac = '', zone] = m;
    const t = new Date(
      `${y}-${mo}-${d}T${h}:${mi}:${sec}${frac}${zone ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2').toUpperCase() : 'Z'}`,
    );
    // Date() rolls 2025-02-30 over to March: the fields must survive the round trip.
    const back = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)));
    const fieldsOk =
      back.getUTCFullYear() === Number(y) &&
      back.getUTCMonth() === Number(mo) - 1 &&
      back.getUTCDate() === Number(d) &&
      Number(h) < 24 &&
      Number(mi) < 60 &&
      Number(sec) < 60;
    if (fieldsOk && !Number.isNaN(t.getTime())) return t;
  }
  throw new UsageError(
    `--since takes a date (2025-01-31, 2025-01-31T09:30Z) or a time ago (30m, 24h, 7d, 2w), got "${v}"`,
  );
}

/** Runs `work` on the server's database, read-only, closing it after; a failing query is a tool failure (exit 2), reported in one line. */
export async function withDatabase(work: (db: Db) => Promise<number>, what: string): Promise<number> {
  let db: Db;
  try {
    db = await openForReading(process.env, process.cwd());
  } catch (e) {
    throw e instanceof DatabaseUnreadable ? new UsageError(e.message) : e;
  }
  try {
    return await work(db);
  } catch (e) {
    throw e instanceof UsageError ? e : new UsageError(`cannot read ${what}: ${(e as Error).message}`);
  } finally {
    await db.destroy();
  }
}

/** The locale the shop writes amounts in (site.json's commerce section), else en-US. */
export const shopLocale = (): string => readSiteJson(getSiteDir()).shop?.currency.locale ?? 'en-US';
