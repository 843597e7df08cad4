/**
 * Starts the real shop for the end-to-end tests: `joinery start` on a free port with its own
 * data folder (fresh SQLite file) and a real SMTP server on loopback whose received messages are
 * written to E2E_MAIL_DIR as JSON, so tests can read what a customer would get.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startStripeStandIn } from '../../../server/testing/stripe-stand-in.ts';
import { startAuthorizeNetStandIn } from '../../../server/testing/authorize-net-stand-in.ts';
import { freePort } from './free-port.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export default async function globalSetup() {
  if (!existsSync(join(ROOT, 'dist', 'site', 'index.html')))
    throw new Error('dist/ is missing: run `node cli/bin.js build` first (npm test does)');
  const dataDir = mkdtempSync(join(tmpdir(), 'joinery-e2e-'));
  const mailDir = join(dataDir, 'received-mail');
  mkdirSync(mailDir, { recursive: true });
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const file = join(mailDir, `${Date.now()}-${n++}.json`);
        writeFileSync(
          file,
          JSON.stringify({
            from: session.envelope.mailFrom,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        cb();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', () => r()));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Stripe: the local stand-in (server/testing/stripe-stand-in.ts) posts its signed webhooks to the shop.
  const stripe = await startStripeStandIn({
    webhookTarget: `${base}/api/payment/stripe/webhook`,
    webhookMode: 'immediate',
  });
  // Authorize.Net: the local JSON API stand-in; the page gets a fake Accept.js at this URL (tests route it).
  const anet = await startAuthorizeNetStandIn();
  // The shop's content (E2E_SITE_SOURCE: another content folder, e.g. the block examples' site),
  // keeping the sandbox's test cards beside the live providers the specs also pay with.
  const siteDir = join(dataDir, 'site-config');
  cpSync(process.env.E2E_SITE_SOURCE ?? join(ROOT, 'site-config'), siteDir, { recursive: true });
  const site = JSON.parse(readFileSync(join(siteDir, 'site.json'), 'utf8'));
  site.commerce.sandboxWithLiveCard = true;
  writeFileSync(join(siteDir, 'site.json'), JSON.stringify(site, null, 2));
  const child = spawn(process.execPath, ['cli/bin.js', 'start', '--port', String(port), '--site', siteDir], {
    cwd: ROOT,
    env: {
      ...process.env,
      JOINERY_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JOINERY_LOG_REQUESTS: '0',
      // Every test's browser is one client address (127.0.0.1): the per-address order and payment
      // limits (10 and 30 per 10 minutes) would refuse the later payment specs of one run.
      ORDER_RATE_LIMIT: '1000',
      PAY_RATE_LIMIT: '1000',
      // Card holders come back here from authentication pages.
      PUBLIC_ORIGIN: base,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...anet.env('https://jstest.authorize.net/v1/Accept.js'),
      // The hanging test card: a short wait, so the page's message comes well within the test's time.
      AUTHORIZE_NET_TIMEOUT_MS: '3000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${base}/api/health`, 90_000);
  process.env.E2E_BASE_URL = base;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_ANET_URL = anet.url;
  // For tests that read an intent back from the stand-in (the quote spec checks its metadata).
  process.env.E2E_STRIPE_SECRET_KEY = stripe.secretKey;
  return async () => {
    child.kill('SIGTERM');
    await stripe.close();
    await anet.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  };
}
