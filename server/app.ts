/**
 * createServer: the whole server as a Hono app built from injected dependencies, so tests run
 * the real app in-process with `app.request()` and `joinery start` serves the same app.
 */
import { withShop } from '../engine/node.ts';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { createApi } from './api/index.ts';
import { commerceFor } from './commerce/app-commerce.ts';
import { providerHosts, type PaymentProviders } from './payments/provider.ts';
import { defaultPaymentProviders } from './payments/registry.ts';
import type { AppDeps } from './app-deps.ts';
import { systemClock, type Clock } from './clock.ts';
import { readSiteJson, resolveConfig, type ServerConfig } from './config.ts';
import type { Db } from './db/open.ts';
import { bodyDeadline } from './http/body-deadline.ts';
import { apiBodyLimit } from './http/body-limit.ts';
import { waitForCommit } from './http/wait-for-commit.ts';
import { compressText } from './http/compression.ts';
import { isApiPath, type AppEnv } from './http/env.ts';
import { jsonError } from './http/errors.ts';
import { errorHandler } from './http/on-error.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { consoleLogger, type Logger } from './logger.ts';
import type { Mailer } from './mail/message.ts';
import { OutboxWorker } from './mail/worker.ts';
import { paymentReconciler, type PaymentReconciler } from './commerce/reconcile.ts';
import { DEFAULT_CONTENT_DIR, DEFAULT_DIST_DIR } from './paths.ts';
import { serveSite, type SiteServer } from './site/serve-site.ts';
import { loadSiteBuild } from './site/site-build.ts';

export interface CreateServerOptions {
  /** A migrated database (openMigratedDatabase). The caller owns it and closes it. */
  db: Db;
  mailer: Mailer;
  clock?: Clock;
  log?: Logger;
  config?: Partial<ServerConfig>;
  /** The content folder (default site-config/). */
  siteDir?: string;
  /** The payment providers by gateway name. Default: the registry's without configuration (the offline sandbox on this db). */
  payments?: PaymentProviders;
}

export interface JoineryServer {
  app: Hono<AppEnv>;
  deps: AppDeps;
  /** Not started: call outbox.start() to send in the background, or outbox.drain() in tests. */
  outbox: OutboxWorker;
  /** Not started: call reconciler.start() to finish lost payments in the background (server/commerce/reconcile.ts). */
  reconciler: PaymentReconciler;
  /** Stops the outbox worker and the reconciler (waiting for work in progress). Does not close the db. */
  close(): Promise<void>;
}

/** Throws SiteNotBuiltError when config.distDir has no build. */
export function createServer(o: CreateServerOptions): JoineryServer {
  const siteDir = o.siteDir ?? DEFAULT_CONTENT_DIR;
  const distDir = o.config?.distDir === undefined ? DEFAULT_DIST_DIR : o.config.distDir;
  const build = distDir ? loadSiteBuild(distDir) : undefined;
  const siteFacts = readSiteJson(siteDir);
  const config = resolveConfig({ ...o.config, distDir }, siteFacts, build?.site ?? {});
  const log = o.log ?? consoleLogger;
  const clock = o.clock ?? systemClock;
  const outbox = new OutboxWorker({ db: o.db, mailer: o.mailer, clock, log, from: config.mailFrom }, config.outbox);
  const payments = o.payments ?? defaultPaymentProviders({ db: o.db, clock });
  const deps: AppDeps = { db: o.db, mailer: o.mailer, clock, log, config, outbox, siteDir, payments };
  const providers = Object.values(payments).filter((p) => p !== undefined);
  // What a provider reports in-process goes through settle, as its webhook would.
  const unhooks = providers.flatMap((p) =>
    p.onChange ? [p.onChange((result) => commerceFor(deps).payments.settle(p.gateway, result))] : [],
  );
  const pages = providers.flatMap((p) => (p.pages ? [p.pages] : []));

  // Each request serves this app's shop: e-mails and the gateway's pages show amounts in its
  // currency, even with another shop's server in the same process.
  const shop = siteFacts.shop;
  const inShop = <T>(fn: () => T): T => (shop ? withShop(shop, fn) : fn());
  const app = new Hono<AppEnv>();
  app.use('*', (_c, next) => inShop(next));
  app.use('*', requestId());
  if (config.logRequests) app.use('*', requestLog(log));
  // The site's hosts (site.json) and those of the payment providers that are configured.
  app.use('*', securityHeaders(config.thirdPartyHosts, providerHosts(payments)));
  app.use('*', bodyDeadline(config.bodyTimeoutMs));
  // gzip for text over 1 kB when the client asks (pages, scripts, styles, larger JSON).
  app.use('*', compressText());
  // With group commit on SQLite, an answer leaves only once the request's writes are committed.
  app.use('/api/*', waitForCommit(o.db, log));
  for (const { path } of pages) app.use(`${path}/*`, waitForCommit(o.db, log));
  app.route('/api', createApi(deps));
  // A provider's own pages (the sandbox gateway's) take small JSON and forms only: the API's JSON limit for every body.
  for (const { path, routes } of pages) {
    app.use(
      `${path}/*`,
      apiBodyLimit({ bodyLimitBytes: config.bodyLimitBytes, uploadLimitBytes: config.bodyLimitBytes }),
    );
    app.route(path, routes);
  }

  const site: SiteServer | undefined = build && serveSite(build);
  if (site) app.get('*', site.handler);
  app.notFound((c) => (isApiPath(c.req.path) || !site ? jsonError(c, 404, 'Not found') : site.notFound(c)));
  app.onError(errorHandler(log));

  // Background work serves the shop too (the reconciler's e-mails).
  const inner = paymentReconciler(commerceFor(deps), { intervalMs: config.reconcileIntervalMs, log });
  const reconciler: PaymentReconciler = {
    runOnce: () => inShop(() => inner.runOnce()),
    start: () => inShop(() => inner.start()),
    stop: () => inner.stop(),
  };

  return {
    app,
    deps,
    outbox,
    reconciler,
    close: async () => {
      for (const unhook of unhooks) unhook();
      await reconciler.stop();
      await outbox.stop();
    },
  };
}
