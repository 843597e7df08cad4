/**
 * `joinery start`: serves the built site and the API. Opens (and migrates) the database, picks
 * the mail transport (SMTP_URL, else .eml files under var/mail), starts the outbox worker and
 * the payment reconciler (server/commerce/reconcile.ts) and
 * listens on --port, $PORT or 3000. SIGINT/SIGTERM stop accepting, let requests in flight
 * finish, stop the worker (its sends in flight finish, the rest of its claimed rows go back
 * to the queue for the other servers) and close the database. DATABASE_URL picks PostgreSQL;
 * JOINERY_DIST_DIR a build folder other than dist/.
 * An error nothing handled is logged, not fatal (process-guard.ts). Links in e-mails use
 * PUBLIC_ORIGIN, else site.json's "origin" (never this server's port: see linkOrigin); the
 * banner names that origin and, when it is not PUBLIC_ORIGIN, how to link to this server.
 *
 * A payment provider given only some of its values (2 of Stripe's 3 keys) stops it (exit 2)
 * with a message naming the missing ones.
 *
 * With the sandbox gateway live it prints "Test mode: no real payment is taken"; with
 * NODE_ENV=production set by the caller it refuses to start (exit 2) unless
 * JOINERY_ALLOW_SANDBOX=1 (server/commerce/test-mode.ts).
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { linkOrigin, readSiteJson } from '../../server/config.ts';
import {
  ALLOW_SANDBOX_ENV,
  configuredGateways,
  consoleLogger,
  createDefaultDeps,
  createServer,
  describeProviders,
  guardProcess,
  listen,
  liveTestMethods,
  loadCommerceData,
  offeredGateways,
  testModeAtStart,
  type DefaultDeps,
  type Listening,
} from '../../server/index.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';
import { DIST_DIR } from '../paths.ts';

function parsePort(value: string): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const port = Number(value);
  return port <= 65535 ? port : undefined;
}

const waitForSignal = () =>
  new Promise<NodeJS.Signals>((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });

/**
 * NODE_ENV as the caller set it: cli/bin.js defaults it to production for React's sake and keeps
 * what was given, so only an explicit NODE_ENV=production counts as a production start.
 */
const givenNodeEnv = (): string | undefined =>
  'joineryGivenNodeEnv' in globalThis
    ? (globalThis as { joineryGivenNodeEnv?: string }).joineryGivenNodeEnv
    : process.env.NODE_ENV;

/** The site's live test payment methods with the providers the server offers (none when its data is not readable: checkout answers 503 then). */
function testMethodNames(siteDir: string, offered: ReadonlySet<string>): string[] {
  try {
    return liveTestMethods(loadCommerceData(siteDir).paymentMethods, offered).map((m) => m.name);
  } catch {
    return [];
  }
}

export async function startCommand(opts: { port?: string }): Promise<number> {
  const given = opts.port ?? process.env.PORT ?? '3000';
  const port = parsePort(given);
  if (port === undefined) {
    console.error(`joinery start: the port must be a number from 0 to 65535, got "${given}"`);
    return EXIT_USAGE;
  }
  // Before anything else: a provider given some of its values only, and a production start with
  // the sandbox live, are configuration errors.
  let offered: Set<string>;
  try {
    offered = offeredGateways(configuredGateways(process.env), readSiteJson(getSiteDir()).sandboxWithLiveCard);
  } catch (e) {
    console.error(`joinery start: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const testMode = testModeAtStart({
    methods: testMethodNames(getSiteDir(), offered),
    nodeEnv: givenNodeEnv(),
    allowSandbox: process.env[ALLOW_SANDBOX_ENV],
  });
  if (testMode?.refuse) {
    console.error(testMode.message);
    return EXIT_USAGE;
  }
  // JOINERY_DIST_DIR: a build made elsewhere (one build copied to every server).
  const distDir = process.env.JOINERY_DIST_DIR ? resolve(process.env.JOINERY_DIST_DIR) : DIST_DIR;
  if (!existsSync(join(distDir, 'site')) || !existsSync(join(distDir, 'routes-manifest.json'))) {
    console.error(
      `joinery start: no built site in ${relative(process.cwd(), distDir) || '.'}/: run joinery build first`,
    );
    return EXIT_USAGE;
  }

  let deps: DefaultDeps;
  try {
    deps = await createDefaultDeps({ distDir, siteDir: getSiteDir() });
  } catch (e) {
    console.error(`joinery start: cannot start: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  let server: ReturnType<typeof createServer> | undefined;
  let listening: Listening | undefined;
  try {
    server = createServer(deps);
    listening = await listen(server.app, {
      port,
      hostname: process.env.HOST ?? '0.0.0.0',
      bodyTimeoutMs: server.deps.config.bodyTimeoutMs,
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'EADDRINUSE' ? `port ${port} is already in use (try --port)` : err.message;
    console.error(`joinery start: ${why}`);
    await server?.close();
    await deps.close();
    return EXIT_USAGE;
  }
  server.outbox.start();
  server.reconciler.start();
  const unguard = guardProcess(consoleLogger);

  const local = `http://localhost:${listening.port}`;
  console.log(`${server.deps.config.siteName} running at ${local}`);
  console.log(`joinery start: links in e-mails use ${linkOrigin(process.env, server.deps.config.origin, local).note}`);
  if (testMode) console.log(testMode.message);
  console.log(
    `joinery start: database ${deps.dbKind === 'sqlite' ? relative(process.cwd(), deps.dbFile) : deps.dbDescription} (${deps.dbKind}); mail: ${deps.mailer.description}`,
  );
  console.log(
    `joinery start: payment providers live: ${describeProviders(server.deps.payments, process.env, offered)}`,
  );

  const signal = await waitForSignal();
  console.log(`joinery start: ${signal}, shutting down`);
  await listening.close();
  await server.close();
  await deps.close();
  unguard();
  return EXIT_OK;
}
