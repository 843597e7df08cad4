/**
 * Ids of stored rows (orders, quotes, payments) as requests send them. The id columns are
 * PostgreSQL integers there, so a larger id names no row: asked for, PostgreSQL refused the
 * query ("out of range for type integer") and the request answered 500.
 */

/** The largest id a row can have (PostgreSQL's integer; SQLite's ids stay far below it). */
export const MAX_ROW_ID = 2_147_483_647;

/** A whole number from 1 to MAX_ROW_ID, given as a number or its digits; undefined for anything else. */
export function rowIdOf(input: unknown): number | undefined {
  const n = typeof input === 'string' && /^\d{1,10}$/.test(input) ? Number(input) : input;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_ROW_ID ? n : undefined;
}
