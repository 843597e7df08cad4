import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the built site served by `joinery start`: one
 * build (dist/, made before the run) and one server (global setup) for every spec.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Beside the block examples' test-results/blocks, which npm test runs at the same time.
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  // One worker per core this process may use (taskset included), at least one. The tests wait for
  // conditions, never for time, so a busy or small machine makes them slower, not flaky.
  workers: Math.max(1, availableParallelism()),
  retries: 0, // a flaky test is fixed, not retried
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['./tests/e2e/support/slowest-reporter.ts', { count: 20 }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (actions, console, network); DOM snapshots and screenshots of
    // every step would cost a fifth of the run's CPU for traces that passing tests throw away.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    // Visitors who already chose cookies (rejected): the consent bar stays out of the way of the
    // other tests. tests/e2e/blog-reviews-consent.spec.ts starts without it to test the bar.
    storageState: {
      cookies: [
        {
          name: 'cookie_consent',
          value: 'rejected',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    launchOptions: {
      // Chromium's headless build (Debian's chromium-headless-shell): the same Blink and V8 as
      // /usr/bin/chromium without the desktop browser around them, a quarter less CPU a test.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
