/**
 * E-mails per second delivered by the outbox worker: a temp SQLite file with N queued messages
 * (about the size of an order confirmation), one OutboxWorker (pooled SMTP transport, as
 * `joinery start` wires it) and the test SMTP sink (smtp-server, parsing every message) in a
 * child process on 127.0.0.1. Measured at concurrency 1 and at the default, each on a fresh queue,
 * with the worker process's CPU time per e-mail (what sending costs the app server it runs in).
 *
 * Run: node --import tsx bench/outbox.ts [messages]. Figures are printed, never asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fmt } from './lib.ts';

const MESSAGES = Number(process.argv[2]?.startsWith('--') ? 0 : process.argv[2]) || 2_000;
const FROM = 'Hearthline Cabinetry <no-reply@hearthlinecabinetry.com>';

/** The sink's process: prints its port, then answers each "count" line with the messages received. */
async function serveSink() {
  const { startSmtpSink } = await import('../server/testing/index.ts');
  const sink = await startSmtpSink();
  console.log(JSON.stringify({ port: sink.port }));
  for await (const line of createInterface({ input: process.stdin }))
    if (line === 'count') console.log(JSON.stringify({ count: sink.messages.length }));
  await sink.close();
}

function startSink(): Promise<{ url: string; count(): Promise<number>; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--sink'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  return next().then((first) => ({
    url: `smtp://127.0.0.1:${(JSON.parse(first) as { port: number }).port}`,
    count: async () => {
      const answer = next();
      child.stdin!.write('count\n');
      return (JSON.parse(await answer) as { count: number }).count;
    },
    stop: () => {
      child.stdin!.end();
      setTimeout(() => child.kill(), 10_000).unref();
    },
  }));
}

async function main() {
  const { openMigratedDatabase } = await import('../server/db/index.ts');
  const { DEFAULT_OUTBOX_OPTIONS, enqueueMail, OutboxWorker, smtpMailer } = await import('../server/mail/index.ts');
  const { systemClock } = await import('../server/quotes/index.ts');
  const { tempDir } = await import('../server/testing/index.ts');

  console.log(
    `\n# Outbox (${fmt(MESSAGES)} e-mails to an SMTP server on loopback; ${availableParallelism()} CPUs, load ${loadavg()[0]!.toFixed(2)})`,
  );
  const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
  const sink = await startSink();
  const rows = '<tr><td>Carlton Shaker door, Pure White</td><td>1</td><td>$129.00</td></tr>'.repeat(20);
  const html = `<h1>Order Confirmation #100042</h1><table>${rows}</table><p>Thank you for your order.</p>`;
  const text = `Order Confirmation #100042\n${'Carlton Shaker door, Pure White  1  $129.00\n'.repeat(20)}`;

  let received = 0;
  for (const concurrency of [1, DEFAULT_OUTBOX_OPTIONS.concurrency]) {
    const dir = tempDir('joinery-bench-outbox-');
    const db = await openMigratedDatabase(dir.join('joinery.db'));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MESSAGES; i++)
        await enqueueMail(
          trx,
          {
            kind: 'order-confirmation',
            to: `customer${i}@example.com`,
            subject: `Order Confirmation #${100000 + i}`,
            html,
            text,
          },
          systemClock,
        );
    });
    const mailer = smtpMailer(sink.url, FROM, { maxConnections: concurrency });
    const worker = new OutboxWorker({ db, mailer, from: FROM }, { concurrency });
    const t = performance.now();
    const cpu = process.cpuUsage();
    const r = await worker.drain();
    const seconds = (performance.now() - t) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    mailer.close();
    await db.destroy();
    dir.cleanup();
    received = await sink.count();
    line(
      `e-mails delivered per second, concurrency ${concurrency}`,
      `${fmt(r.sent / seconds)} /s (${fmt(r.sent)} sent in ${fmt(seconds, 1)} s, ${r.retried} retried, ${r.failed} failed)`,
    );
    // CPU time of the worker's process (the sink runs in its own): what sending costs the app server.
    const cpuMs = (user + system) / 1000 / Math.max(1, r.sent);
    line(
      `worker CPU per e-mail, concurrency ${concurrency} (one-core ceiling)`,
      `${fmt(cpuMs, 2)} ms (${fmt(1000 / cpuMs)} e-mails/s)`,
    );
  }
  line('messages the SMTP server received (both runs)', fmt(received));
  sink.stop();
}

if (process.argv[2] === '--sink') await serveSink();
else await main();
