/**
 * `joinery quote create FILE.json [--expires-in 7d] [--send]`, `joinery quote list`,
 * `joinery quote cancel ID`: the shop's staff make quote payment links.
 *
 * create checks the file against schemas/quote.schema.json and reports each problem as
 * file:line:column, as `joinery lint` does (exit 1); the server code then computes every row
 * total, the subtotal and the total, stores the quote with a fresh link token (only its hash is
 * kept) and prints the quote number, the link `{origin}/quote/payment?quoteId=...&token=...` and
 * a line naming the link's origin and where it comes from (PUBLIC_ORIGIN, else site.json's
 * "origin"; with the latter, how to link to a local shop instead: this process cannot know which
 * port a running server listens on). --send queues the link to the customer through the outbox:
 * the running server's worker sends it. The database is the server's: JOINERY_DB, else
 * $JOINERY_DATA_DIR/joinery.db, else var/.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createValidator, parseJsonFile, positionOf, rowIdOf, withShop } from '../../engine/node.ts';
import { fromCents } from '../../engine/commerce/money.ts';
import { linkOrigin, PROJECT_ROOT, readSiteJson } from '../../server/config.ts';
import { databaseTarget, dbFileFromEnv, openMigratedDatabase } from '../../server/db/index.ts';
import { incrementIdFor } from '../../server/orders/index.ts';
import {
  cancelQuote,
  createQuote,
  listQuotes,
  QuoteInputError,
  queueQuoteLink,
  quoteIncrementIdFor,
  quoteLink,
  systemClock,
  type QuoteInput,
} from '../../server/quotes/index.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, EXIT_USAGE, UsageError } from '../exit-codes.ts';

const SCHEMA = 'quote.schema.json';
const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** "7d", "12h", "30m", "2w" -> milliseconds. */
export function parseDuration(v: string): number {
  const m = /^(\d{1,5})([mhdw])$/.exec(v.trim());
  if (!m || Number(m[1]) === 0)
    throw new UsageError(`--expires-in takes a duration like 7d, 12h, 30m or 2w, got "${v}"`);
  return Number(m[1]) * UNITS[m[2]!]!;
}

/** The file's problems as `file:line:column  message  pointer` (empty when it is a valid quote). */
export function checkQuoteFile(abs: string, text: string): string[] {
  const rel = relative(process.cwd(), abs) || abs;
  const file = parseJsonFile(rel, abs, text);
  if (file.syntaxErrors.length) return file.syntaxErrors.map((e) => `${rel}:${e.line}:${e.column}  ${e.message}`);
  const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'schemas', SCHEMA), 'utf8')) as object;
  const errors = createValidator({ [SCHEMA]: schema }, []).validate(SCHEMA, file.value);
  return errors.map((e) => {
    const p = positionOf(file, e.pointer, { key: e.atKey });
    return `${rel}:${p.line}:${p.column}  ${e.message}  ${e.pointer || '/'}`;
  });
}

async function openDb() {
  return openMigratedDatabase(databaseTarget(process.env, dbFileFromEnv(process.env)));
}

function shop() {
  const site = readSiteJson(getSiteDir());
  // A local shop is where `joinery start` listens by default: $PORT, else 3000.
  const local = `http://localhost:${process.env.PORT || 3000}`;
  return { siteName: site.name ?? 'Joinery', rules: site.shop, ...linkOrigin(process.env, site.origin, local) };
}

export async function quoteCreateCommand(path: string, opts: { expiresIn?: string; send?: boolean }): Promise<number> {
  const ttl = parseDuration(opts.expiresIn ?? '7d');
  const abs = resolve(path);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    console.error(`joinery quote create: cannot read ${path}`);
    return EXIT_USAGE;
  }
  const problems = checkQuoteFile(abs, text);
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'}: no quote created`);
    return EXIT_CONTENT;
  }
  const { $schema: _schema, ...input } = JSON.parse(text) as QuoteInput & { $schema?: string };
  const db = await openDb();
  try {
    const s = shop();
    let created: Awaited<ReturnType<typeof createQuote>>;
    try {
      created = await createQuote(db, systemClock, input, ttl);
    } catch (e) {
      if (!(e instanceof QuoteInputError)) throw e;
      console.error(`${relative(process.cwd(), abs) || abs}: ${e.message}`);
      return EXIT_CONTENT;
    }
    const { quote, token } = created;
    const link = quoteLink(s.origin, quote.id, token);
    // The e-mail's amounts are in the site's currency and locale.
    if (opts.send) {
      const queue = () => queueQuoteLink(db, quote, link, s, systemClock);
      await (s.rules ? withShop(s.rules, queue) : queue());
    }
    console.log(
      `Quote #${quote.quoteIncrementId} (id ${quote.id}) for ${quote.email}: total ${quote.total.toFixed(2)} ${s.rules?.currency.code ?? ''}, expires ${quote.expiresAt}`,
    );
    console.log(link);
    console.log(`Link origin: ${s.note}`);
    if (opts.send) console.log(`The link is queued for ${quote.email}.`);
    return EXIT_OK;
  } finally {
    await db.destroy();
  }
}

export async function quoteListCommand(): Promise<number> {
  const db = await openDb();
  try {
    const rows = await listQuotes(db);
    if (!rows.length) console.log('No quotes.');
    for (const q of rows) {
      const expired = q.status === 'open' && q.expires_at <= new Date().toISOString() ? ' (link expired)' : '';
      console.log(
        `${q.id}\t${q.quote_increment_id ?? quoteIncrementIdFor(q.id)}\t${q.status}${expired}\t${fromCents(q.total_cents).toFixed(2)}\t${q.email}\texpires ${q.expires_at}${q.status === 'paid' && q.order_id ? `\torder ${incrementIdFor(q.order_id)}` : ''}`,
      );
    }
    return EXIT_OK;
  } finally {
    await db.destroy();
  }
}

export async function quoteCancelCommand(id: string): Promise<number> {
  if (!/^\d{1,15}$/.test(id)) throw new UsageError(`quote cancel takes the quote's id (a number), got "${id}"`);
  // A number past any row id (PostgreSQL's integer) names no quote; asked for, PostgreSQL fails.
  const quoteId = rowIdOf(id);
  if (quoteId === undefined) {
    console.error(`joinery quote cancel: no quote ${id}`);
    return EXIT_USAGE;
  }
  const db = await openDb();
  try {
    const r = await cancelQuote(db, systemClock, quoteId);
    if (r === 'canceled') console.log(`Quote ${id} canceled: its link no longer works.`);
    else if (r === 'paid') console.error(`joinery quote cancel: quote ${id} is already paid`);
    else if (r === 'already-canceled') console.log(`Quote ${id} was already canceled.`);
    else console.error(`joinery quote cancel: no quote ${id}`);
    return r === 'canceled' || r === 'already-canceled' ? EXIT_OK : EXIT_USAGE;
  } finally {
    await db.destroy();
  }
}
