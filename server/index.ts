/**
 * The server's public entry for running it (`joinery start`, `joinery dev`, `joinery payments`,
 * the benches): the Hono app from its dependencies, the production dependencies, listening, the
 * loggers and the process guard, and the checks `joinery start` makes before it listens.
 * The other doors: server/config.ts (settings), server/db (database and migrations),
 * server/orders, server/submissions, server/quotes, server/mail, server/site, server/testing
 * (tests and benches only).
 */
export { createServer } from './app.ts';
export { createDefaultDeps, type DefaultDeps } from './default-deps.ts';
export { listen, type Listening } from './listen.ts';
export { consoleLogger, silentLogger } from './logger.ts';
export { guardProcess } from './process-guard.ts';
export { loadCommerceData } from './commerce/site-data.ts';
export { ALLOW_SANDBOX_ENV, liveTestMethods, testModeAtStart } from './commerce/test-mode.ts';
export { configuredGateways, describeProviders, offeredGateways } from './payments/registry.ts';
export { PAYMENT_LEASE_MS } from './commerce/pay.ts';
