/**
 * The operator's run, repeatable: three `joinery start` servers on one PostgreSQL behind HAProxy
 * (round robin, `option forwardfor`, health check on /api/health), 20 shoppers for 60 s who
 * create orders through the API and pay them with test cards (mostly approved, some declined, some
 * held for review; a few pay quote links), each visit through one provider in turn: the sandbox
 * gateway and the stand-ins of Authorize.Net, Stripe and Tillpay (bench/operator/providers.ts,
 * configured on every server, on a copy of site-config/ offering all four), one server killed with
 * kill -9 and started again at a third of the run, PostgreSQL restarted (`pg_ctl restart -m
 * fast`) at two thirds. Then, once the servers have settled (outbox empty, no payment pending;
 * bounded), a table of what went wrong, the quote-link guess test and two hostile requests.
 * Figures are printed, never asserted.
 *
 *   node --import tsx bench/operator-run.ts
 *
 * How long: setup about 10 s, the load, the settle wait (about 20 s when the servers settle: the
 * killed server's claimed mail waits for its lease; OPERATOR_SETTLE_SECONDS at most when payments
 * stay pending), then 5 s. With the defaults: about 1.5 minutes when everything settles, 3 min 40 s
 * when payments stay stuck (as before the payment reconciler). Everything runs on loopback: a private
 * PostgreSQL (server/testing/postgres.ts), the servers on a fake build (server/testing/fake-dist.ts),
 * an SMTP sink (server/testing/smtp-sink.ts), HAProxy (/usr/sbin/haproxy). Everything started
 * is ended on exit, Ctrl-C or an error.
 *
 * Environment (all optional):
 *   OPERATOR_SECONDS         load time (default 60)
 *   OPERATOR_SHOPPERS        concurrent shoppers (default 20)
 *   OPERATOR_QUOTES          quote links made before the load (default 40)
 *   OPERATOR_QUOTE_SHARE     share of visits that pay a quote link (default 0.1)
 *   OPERATOR_THINK_MS        a shopper's pause between steps and visits (default 100)
 *   OPERATOR_SETTLE_SECONDS  longest wait for the servers to settle after the load (default 150:
 *                            a stranded payment's lease, 60 s, plus time for a reconciler)
 *   OPERATOR_PROVIDERS       the gateways visits pay through (default sandbox,authorize-net,stripe,tillpay)
 *   OPERATOR_KEEP            1: keep the temp folder (servers' logs, haproxy.cfg) and print it
 */
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../server/config.ts';
import { openDatabase, type Db } from '../server/db/index.ts';
import { PAYMENT_LEASE_MS } from '../server/index.ts';
import { createQuote, systemClock } from '../server/quotes/index.ts';
import {
  quoteInput,
  startPostgres,
  startSmtpSink,
  tempDir,
  writeFakeDist,
  type TempDir,
} from '../server/testing/index.ts';
import { fmt } from './lib.ts';
import {
  cleanup,
  freePort,
  JoineryServer,
  onCleanup,
  restartPostgres,
  sleep,
  startHaproxy,
} from './operator/cluster.ts';
import { readFigures, unsettled } from './operator/figures.ts';
import { SHOP_PROVIDERS, startStandIns } from './operator/providers.ts';
import { call, NoAnswer, streamPost, Tally, type Target } from './operator/http.ts';
import { newOutcomes, shopper, type QuoteLink } from './operator/shoppers.ts';

const num = (name: string, fallback: number) =>
  process.env[name] && Number.isFinite(Number(process.env[name])) ? Number(process.env[name]) : fallback;
const SECONDS = num('OPERATOR_SECONDS', 60);
const SHOPPERS = num('OPERATOR_SHOPPERS', 20);
const QUOTES = num('OPERATOR_QUOTES', 40);
const QUOTE_SHARE = num('OPERATOR_QUOTE_SHARE', 0.1);
const THINK_MS = num('OPERATOR_THINK_MS', 100);
const SETTLE_SECONDS = num('OPERATOR_SETTLE_SECONDS', Math.round(PAYMENT_LEASE_MS / 1000) + 90);
const GUESSES = 100;
const PROVIDERS = (process.env.OPERATOR_PROVIDERS ?? SHOP_PROVIDERS.map((p) => p.gateway).join(','))
  .split(',')
  .map((g) => {
    const p = SHOP_PROVIDERS.find((x) => x.gateway === g.trim());
    if (!p)
      throw new Error(`OPERATOR_PROVIDERS: no provider ${g} (${SHOP_PROVIDERS.map((x) => x.gateway).join(', ')})`);
    return p;
  });
const BIG_POST_BYTES = 150 * 1024 * 1024;

const began = performance.now();
const elapsed = () => `${((performance.now() - began) / 1000).toFixed(1)} s`;
const say = (m: string) => console.log(`[${elapsed()}] ${m}`);
const row = (label: string, value: string | number) => console.log(`  ${label.padEnd(72)} ${value}`);
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\noperator-run: ${signal}: stopping everything it started...`);
    void cleanup().then(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  say(`operator run: ${SHOPPERS} shoppers for ${SECONDS} s, 3 servers behind HAProxy on one PostgreSQL`);
  const dir = tempDir('joinery-operator-');
  onCleanup('temp folder', () =>
    process.env.OPERATOR_KEEP === '1' ? console.log(`kept ${dir.path} (servers' logs, haproxy.cfg)`) : dir.cleanup(),
  );
  const { url, sink, servers, target, standIns } = await startCluster(dir);
  const db = openDatabase(url, { poolSize: 3 });
  onCleanup('database pool', () => db.destroy());
  const quotes = await makeQuotes(db);
  const guessQuote = quotes[0]!.id;
  // Kept out of the shoppers' reach: the hostile request names a real, open quote with its token.
  const hostileQuote = quotes.pop()!;
  say(`${QUOTES} quote links made (server code, as \`joinery quote create\` does)`);

  const { tally, outcomes, events } = await runLoad(url, servers, target, quotes);
  const { settled, state } = await waitUntilSettled(db);
  const hostile = await hostileRequests(target, servers, hostileQuote);
  const guesses = await quoteLinkGuesses(target, guessQuote);

  const f = await readFigures(db, outcomes.acknowledged, outcomes.paidAcknowledged, sink.messages, standIns.charges());
  const uncaught = servers.flatMap((s) => s.uncaught.map((line) => `${s.name}: ${line}`));
  console.log(`\n# Operator run: ${SHOPPERS} shoppers, ${SECONDS} s, 3 servers behind HAProxy, one PostgreSQL`);
  for (const e of events) row('event', e);
  row(
    'settled after the load',
    settled
      ? 'yes (outbox empty, no payment pending)'
      : `NO, after ${SETTLE_SECONDS} s (${state.queuedMail} mail queued, ${state.pendingPayments + state.pendingQuotePayments} payments pending)`,
  );

  reportLoad(tally, outcomes);
  reportWhatWentWrong(f, tally, uncaught);
  reportLimits(servers, guesses, hostile);
  if (f.stuck.payments.length)
    console.log(
      `\nstuck payments (first 5): ${f.stuck.payments
        .slice(0, 5)
        .map((p) => `payment ${p.id} of order ${p.orderId} since ${p.createdAt}`)
        .join('; ')}`,
    );
  if (uncaught.length) {
    console.log(`\nuncaught lines (first 5 of ${uncaught.length}):`);
    for (const l of uncaught.slice(0, 5)) console.log(`  ${l}`);
  }
  console.log(`\noperator run took ${elapsed()}`);
}

const statusList = (m: Map<number, number>) =>
  [...m]
    .sort((a, b) => a[0] - b[0])
    .map(([s, c]) => `${s}: ${c}`)
    .join(', ') || 'none';
const mapList = (m: Map<string, number>) => [...m].map(([k, c]) => `${k}: ${c}`).join(', ') || 'none';

type Figures = Awaited<ReturnType<typeof readFigures>>;
type Outcomes = ReturnType<typeof newOutcomes>;

/** PostgreSQL, an SMTP sink, three servers on it and HAProxy in front, every one healthy. */
async function startCluster(dir: TempDir) {
  const postgres = await startPostgres();
  onCleanup('postgres', async () => {
    try {
      await postgres.stop();
    } catch {
      // already stopped (Ctrl-C reaches it too)
    }
  });
  const url = await postgres.createDatabase('joinery');
  const sink = await startSmtpSink();
  onCleanup('smtp sink', () => sink.close());
  const standIns = await startStandIns();
  const site = shopWithEveryProvider(dir);

  const [p1, p2, p3, front] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const { NODE_ENV: _nodeEnv, ...inherited } = process.env;
  const distDir = writeFakeDist(dir.join('dist'));
  const env = (name: string): Record<string, string> => ({
    ...(inherited as Record<string, string>),
    DATABASE_URL: url,
    // Behind HAProxy: the client's address is the last X-Forwarded-For entry, the one HAProxy wrote.
    TRUST_PROXY: '1',
    // The servers' own ports are private: loopback only, HAProxy's port is the public one.
    HOST: '127.0.0.1',
    SMTP_URL: sink.url,
    MAIL_FROM: `Server ${name} <${name}@hearthline.test>`,
    PUBLIC_ORIGIN: `http://127.0.0.1:${front}`,
    JOINERY_DIST_DIR: distDir,
    JOINERY_DATA_DIR: dir.join('data'),
    JOINERY_UPLOAD_DIR: dir.join('uploads'),
    JOINERY_LOG_REQUESTS: '0',
    ...standIns.env,
  });
  const servers = [
    new JoineryServer('s1', p1, env('s1'), dir.path, site),
    new JoineryServer('s2', p2, env('s2'), dir.path, site),
    new JoineryServer('s3', p3, env('s3'), dir.path, site),
  ];
  // All three at once on an empty database: they migrate one after the other (advisory lock).
  await Promise.all(servers.map((s) => s.start()));
  say(`servers listening on 127.0.0.1:${p1}, ${p2}, ${p3} (database migrated by whichever came first)`);
  await startHaproxy(dir.path, front, servers);
  const target: Target = { host: '127.0.0.1', port: front };
  await untilHealthy(target, 30_000);
  say(`HAProxy on 127.0.0.1:${front}, every server healthy`);

  return { url, sink, servers, target, standIns };
}

/** A copy of site-config/ offering every provider: Tillpay enabled, the sandbox card kept beside the live ones. */
function shopWithEveryProvider(dir: TempDir): string[] {
  const siteDir = dir.join('site');
  cpSync(join(PROJECT_ROOT, 'site-config'), siteDir, { recursive: true });
  const edit = (file: string, change: (json: any) => void) => {
    const json = JSON.parse(readFileSync(join(siteDir, file), 'utf8'));
    change(json);
    writeFileSync(join(siteDir, file), JSON.stringify(json, null, 2));
  };
  edit('data/payment-methods.json', (j) => {
    for (const m of j.methods) m.enabled = true;
  });
  edit('site.json', (j) => {
    j.commerce.sandboxWithLiveCard = true;
  });
  return ['--site', siteDir];
}

/** The quote links the shoppers pay, made with the server's code. */
async function makeQuotes(db: Db): Promise<QuoteLink[]> {
  const quotes: QuoteLink[] = [];
  for (let i = 0; i < QUOTES; i++) {
    const email = `quote-${i}@example.com`;
    const { quote, token } = await createQuote(
      db,
      systemClock,
      quoteInput({ email, billingAddress: { ...quoteInput().billingAddress, email } }),
      86_400_000,
    );
    quotes.push({ id: quote.id, token, email });
  }

  return quotes;
}

/** The shoppers for SECONDS, with a server killed at a third and PostgreSQL restarted at two thirds. */
async function runLoad(url: string, servers: JoineryServer[], target: Target, quotes: QuoteLink[]) {
  // ------------------------------------------------------------ the load
  const tally = new Tally();
  const outcomes = newOutcomes();
  const deadline = Date.now() + SECONDS * 1000;
  let visit = 0;
  const events: string[] = [];
  const at = (fraction: number, what: () => Promise<string>) =>
    sleep(SECONDS * 1000 * fraction).then(async () => {
      if (interrupted) return;
      try {
        events.push(await what());
      } catch (e) {
        events.push(`FAILED: ${(e as Error).message}`);
      }
      say(events.at(-1)!);
    });
  const victim = servers[1]!;
  const chaos = Promise.all([
    at(1 / 3, async () => {
      const t = performance.now();
      await victim.kill9();
      await victim.start();
      return `kill -9 of ${victim.name} (pid gone), started again on port ${victim.port} in ${fmt((performance.now() - t) / 1000, 1)} s`;
    }),
    at(
      2 / 3,
      async () => `pg_ctl restart -m fast: PostgreSQL back after ${fmt((await restartPostgres(url)) / 1000, 1)} s`,
    ),
  ]);
  const progress = setInterval(
    () =>
      say(
        `load: ${outcomes.visits} visits, ${outcomes.acknowledged.length} orders acknowledged, ${outcomes.paidAcknowledged.size} paid, ${tally.count('server', (s) => s >= 500) + tally.count('proxy', (s) => s >= 500)} 5xx so far`,
      ),
    10_000,
  );
  const shoppers = Array.from({ length: SHOPPERS }, () =>
    shopper({
      target,
      deadline,
      tally,
      outcomes,
      quotes,
      quoteShare: QUOTE_SHARE,
      thinkMs: THINK_MS,
      nextVisit: () => ++visit,
      providers: PROVIDERS,
    }).catch((e: unknown) => {
      events.push(`a shopper stopped on an error of this script: ${(e as Error).stack}`);
    }),
  );
  await Promise.all([...shoppers, chaos]);
  clearInterval(progress);
  say(`load over: ${outcomes.visits} visits, ${tally.requests} requests`);

  return { tally, outcomes, events };
}

/** Waits (bounded) until the outbox is empty and no payment is pending. */
async function waitUntilSettled(db: Db) {
  // ------------------------------------------------------------ settle
  const settleBy = Date.now() + SETTLE_SECONDS * 1000;
  let state = await unsettled(db);
  let lastSaid = 0;
  while (
    (state.queuedMail || state.pendingPayments || state.pendingQuotePayments) &&
    Date.now() < settleBy &&
    !interrupted
  ) {
    if (Date.now() - lastSaid > 10_000) {
      say(
        `settling: ${state.queuedMail} e-mails queued, ${state.pendingPayments} payments and ${state.pendingQuotePayments} quote payments pending (waiting at most until ${SETTLE_SECONDS} s after the load)`,
      );
      lastSaid = Date.now();
    }
    await sleep(1000);
    state = await unsettled(db);
  }
  const settled = !(state.queuedMail || state.pendingPayments || state.pendingQuotePayments);
  say(
    settled ? 'settled: outbox empty, no payment pending' : `not settled after ${SETTLE_SECONDS} s: reporting as it is`,
  );

  return { settled, state };
}

/** A deeply nested JSON body and a 150 MB streamed POST, each from its own address. */
async function hostileRequests(target: Target, servers: JoineryServer[], hostileQuote: QuoteLink) {
  // ------------------------------------------------------------ hostile requests (own addresses)
  const nested = `${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}`;
  const hostile = async (body: string) => {
    try {
      const r = await call(target, 'POST', '/api/quote/convertToOrder', { body, localAddress: '127.0.0.3' });
      return `${r.status} ${r.json?.message ?? JSON.stringify(r.text.slice(0, 60))}`;
    } catch (e) {
      return e instanceof NoAnswer ? `no answer (${e.code})` : String(e);
    }
  };
  const nestedBare = await hostile(nested);
  const nestedInside = await hostile(
    `{"quoteId":${hostileQuote.id},"token":${JSON.stringify(hostileQuote.token)},"payment":{"transactionId":"sandbox_pi_0","method":"card","transactionResponse":${nested}}}`,
  );
  const before = servers.map((s) => s.memory());
  const peak = servers.map((s) => s.memory()?.rss ?? 0);
  const sampler = setInterval(() => {
    for (const [i, s] of servers.entries()) peak[i] = Math.max(peak[i]!, s.memory()?.rss ?? 0);
  }, 20);
  const big = await streamPost(target, '/sandbox-gateway/v1/tokens', BIG_POST_BYTES, { localAddress: '127.0.0.4' });
  await sleep(200);
  clearInterval(sampler);
  const rise = peak.map((p, i) => p - (before[i]?.rss ?? 0));
  const hit = rise.indexOf(Math.max(...rise));
  const aliveAfterBig = servers.map((s) => s.running);

  return { nestedBare, nestedInside, big, before, peak, hit, aliveAfterBig };
}

/** Wrong quote-link tokens from one address: the statuses, in order. */
async function quoteLinkGuesses(target: Target, guessQuote: number): Promise<number[]> {
  // ------------------------------------------------------------ quote-link guesses from one address
  const guesses: number[] = [];
  for (let i = 0; i < GUESSES; i++) {
    try {
      guesses.push(
        (
          await call(target, 'GET', `/api/quote?quoteId=${guessQuote}&token=${randomBytes(32).toString('base64url')}`, {
            localAddress: '127.0.0.1',
          })
        ).status,
      );
    } catch {
      guesses.push(0);
    }
  }

  return guesses;
}

function reportLoad(tally: Tally, outcomes: Outcomes): void {
  console.log('\n## Load');
  row('visits (checkouts and quote links)', outcomes.visits);
  row('payments answered paid, by provider', mapList(outcomes.paidVia));
  row('requests sent', tally.requests);
  row(
    'orders acknowledged (201/200), of which from quotes',
    `${outcomes.acknowledged.length}, ${outcomes.acknowledged.filter((a) => a.via === 'quote').length}`,
  );
  row('visits whose order was never acknowledged (last answer)', mapList(outcomes.orderNotAcknowledged));
  row(
    'payments acknowledged paid / declined (402) / held for review (202)',
    `${outcomes.paidAcknowledged.size} / ${outcomes.declined} / ${outcomes.heldForReview}`,
  );
  row('pay answered 409 (paid or being paid): the order then showed', mapList(outcomes.payConflicts));
  row('payments given up (5xx or no answer, 5 tries)', outcomes.payGaveUp);
  row('quote links paid / failed', `${outcomes.quotesPaid} / ${mapList(outcomes.quoteFailures)}`);
  row('requests tried again (5xx or no answer)', outcomes.retries);
  row('answers from the servers, by status', statusList(tally.server));
  row(
    'answers per server',
    [...tally.perServer]
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
  );
  row('answers from HAProxy itself (its error pages), by status', statusList(tally.proxy));
  row('no answer at all (connection refused, reset, timeout)', mapList(tally.noAnswer));
}

function reportWhatWentWrong(f: Figures, tally: Tally, uncaught: string[]): void {
  console.log('\n## What went wrong');
  row(
    'acknowledged orders lost',
    f.lost.length +
      (f.lost.length
        ? ` (${f.lost
            .slice(0, 5)
            .map((o) => o.increment)
            .join(', ')}...)`
        : ''),
  );
  row('duplicate orders (a second order for one visit or one quote)', f.duplicates);
  row('orders stored whose answer no shopper got', f.unacknowledged);
  row('payments acknowledged paid whose order is not `ordered`', f.paidButNotOrdered);
  row(
    'payments left `pending` (stuck): orders / quotes',
    `${f.stuck.payments.length} / ${f.stuck.quotePayments.length}`,
  );
  row(
    'money taken, order unpaid (succeeded charge, no completed payment)',
    `${f.chargedUnpaid.count} charges, $${fmt(f.chargedUnpaid.cents / 100, 2)}`,
  );
  row(
    'money taken, quote unpaid (succeeded quote charge, quote not paid)',
    `${f.quoteChargedUnpaid.count} charges, $${fmt(f.quoteChargedUnpaid.cents / 100, 2)}`,
  );
  row('orders charged more than once', f.chargedTwice);
  row(
    'succeeded charges, by provider',
    Object.entries(f.chargesByProvider)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
  );
  row(
    'e-mails delivered; the same Message-ID twice',
    `${f.mail.delivered}; ${f.mail.sameMessageId}${f.mail.repeats.length ? ` (sent by ${f.mail.repeats.join('; ')})` : ''}`,
  );
  row('e-mails of the same order and kind delivered twice (two outbox rows)', f.mail.sameOrderAndKind);
  row('outbox rows queued twice for one order and kind', f.queuedTwice);
  row(
    'outbox rows by status',
    Object.entries(f.outbox)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
  );
  row(
    "uncaught exceptions / unhandled rejections in the servers' stderr",
    `${uncaught.filter((l) => /uncaught exception/.test(l)).length} / ${uncaught.filter((l) => /unhandled promise rejection/.test(l)).length}`,
  );
  row(
    '5xx from the servers: 500 / 503 / other',
    `${tally.count('server', (s) => s === 500)} / ${tally.count('server', (s) => s === 503)} / ${tally.count('server', (s) => s > 500 && s !== 503)}`,
  );
  row(
    '503s from the servers with / without Retry-After',
    `${tally.serverRetryAfter.with} / ${tally.serverRetryAfter.without}`,
  );
  row(
    '5xx from the servers whose body is not JSON',
    tally.serverNotJson5xx.length +
      (tally.serverNotJson5xx.length ? ` (${[...new Set(tally.serverNotJson5xx)].slice(0, 3).join('; ')})` : ''),
  );
  row(
    '5xx from HAProxy: 502 / 503 / 504',
    `${tally.count('proxy', (s) => s === 502)} / ${tally.count('proxy', (s) => s === 503)} / ${tally.count('proxy', (s) => s === 504)}`,
  );
}

function reportLimits(
  servers: JoineryServer[],
  guesses: number[],
  h: Awaited<ReturnType<typeof hostileRequests>>,
): void {
  const firstRefusal = guesses.indexOf(429);
  const { nestedBare, nestedInside, big, before, peak, hit, aliveAfterBig } = h;
  console.log('\n## Limits and hostile requests');
  row(
    `quote-link guesses from 127.0.0.1: answered before the first 429 (of ${GUESSES})`,
    firstRefusal < 0 ? `${GUESSES} (never refused)` : firstRefusal,
  );
  row(
    'quote-link guesses answered in all (not 429)',
    `${guesses.filter((s) => s !== 429).length} (${statusList(
      new Map(
        Object.entries(
          guesses.reduce<Record<number, number>>((m, s) => {
            m[s] = (m[s] ?? 0) + 1;
            return m;
          }, {}),
        ).map(([k, v]) => [Number(k), v]),
      ),
    )})`,
  );
  row('10 KB JSON nested 5,000 deep ending in "\\u0000" to /api/quote/convertToOrder', nestedBare);
  row('  the same nesting as payment.transactionResponse of a real quote', nestedInside);
  row(
    '150 MB streamed POST to /sandbox-gateway/v1/tokens: status, bytes sent',
    `${big.status || 'no answer'}${big.error ? ` (${big.error})` : ''}, ${mb(big.sent)}`,
  );
  row(
    `  server that took it (${servers[hit]!.name}): RSS before / peak (/proc VmRSS)`,
    `${mb(before[hit]?.rss ?? 0)} / ${mb(peak[hit]!)} (VmHWM ${mb(servers[hit]!.memory()?.hwm ?? 0)})`,
  );
  row(
    '  servers still running afterwards',
    aliveAfterBig.map((a, i) => `${servers[i]!.name} ${a ? 'yes' : 'NO'}`).join(', '),
  );
}

/** Waits until /api/health through HAProxy answers 200 three times in a row (bounded). */
async function untilHealthy(target: Target, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let good = 0;
  while (good < 3) {
    if (Date.now() > deadline) throw new Error(`HAProxy did not answer /api/health with 200 within ${timeoutMs} ms`);
    try {
      good = (await call(target, 'GET', '/api/health')).status === 200 ? good + 1 : 0;
    } catch {
      good = 0;
    }
    await sleep(200);
  }
}

try {
  await main();
} catch (e) {
  console.error(`operator-run failed: ${(e as Error).stack ?? e}`);
  process.exitCode = 1;
} finally {
  if (!interrupted) {
    await cleanup();
    process.exit();
  }
}
