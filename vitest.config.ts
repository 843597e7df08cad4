import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The integration tests that touch the database run twice: on SQLite (projects "sqlite" and
 * "sqlite-isolated", with the other tests of cli/, server/ and tests/) and on a real PostgreSQL
 * that the project "postgres" starts itself (server/testing/postgres-setup.ts).
 * `npx vitest run --project 'sqlite*'` runs only the first side.
 *
 * A worker of "unit" (engine/, blocks/) and "sqlite" (server/) runs its files one after another in
 * one module graph: React, happy-dom, the engine and the server load once per worker, not once per
 * file. Those tests leave no state behind (each opens its own database, ports and servers). The
 * tests of cli/ and tests/, and OWN_PROCESS, get a fresh process per file ("sqlite-isolated").
 */
export const POSTGRES_TESTS = [
  'server/api/order.test.ts',
  'server/api/order-pay.test.ts',
  'server/api/payments.test.ts',
  'server/api/checkout.test.ts',
  'server/api/health.test.ts',
  'server/commerce/pay-limits.test.ts',
  'server/forms/forms.test.ts',
  'server/newsletter/newsletter.test.ts',
  'server/mail/worker.test.ts',
  'server/mail/worker-leases.test.ts',
  'server/mail/worker-concurrency.test.ts',
  'server/mail/worker-outage.test.ts',
  'server/api/stripe.test.ts',
  'server/payments/sandbox-provider.test.ts',
  'server/forms/estimate.test.ts',
  'server/db/migrations/money-cents.test.ts',
  'server/db/migrations/newsletter-confirm.test.ts',
  'server/db/migrations/payment-state.test.ts',
  'server/db/postgres.test.ts',
  'server/db/dialect.test.ts',
  'server/db/prepared.test.ts',
  'server/http/rate-limit-store.test.ts',
  'server/multi-server.test.ts',
  'server/api/quote.test.ts',
  'server/api/quote-limits.test.ts',
  'server/api/quote-stripe.test.ts',
  'server/api/provider-parity.test.ts',
  'server/quotes/quote-order.test.ts',
  'cli/commands/quote.test.ts',
  'cli/commands/orders.test.ts',
  'cli/commands/submissions.test.ts',
  'server/fuzz.test.ts',
  'server/payments-crash.test.ts',
  'server/commerce/reconcile.test.ts',
  'server/db/outage.test.ts',
];

const UNIT_TESTS = ['engine/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}'];
/** They count the threads their process started. */
const OWN_PROCESS = ['server/db/checkpointer.test.ts'];
/** These need PostgreSQL itself. */
const POSTGRES_ONLY = ['server/db/postgres.test.ts', 'server/multi-server.test.ts', 'server/db/outage.test.ts'];

export default defineConfig({
  plugins: [react()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core (vitest's default leaves one core idle: one worker on a 2-core machine).
    // The tests share nothing a second worker could disturb: each opens its own database and ports.
    maxWorkers: availableParallelism(),
    // The default output, then the slowest tests and files of the run.
    reporters: ['default', './tests/setup/slowest-reporter.ts'],
    // Pages, blocks and e-mails format amounts in the shipped shop's currency; blocks rendered by
    // the test helpers get their schema defaults.
    setupFiles: ['tests/setup/shipped-shop.ts', 'tests/setup/block-defaults.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['server/**/*.test.{ts,tsx}'],
          exclude: [...OWN_PROCESS, ...POSTGRES_ONLY],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite-isolated',
          include: ['cli/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', ...OWN_PROCESS],
          exclude: ['tests/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_TESTS,
          env: { JOINERY_TEST_DB: 'postgres' },
          globalSetup: ['server/testing/postgres-setup.ts'],
        },
      },
    ],
  },
});
