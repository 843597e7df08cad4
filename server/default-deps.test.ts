import { afterEach, expect, it } from 'vitest';
import { createDefaultDeps, type DefaultDeps } from './default-deps.ts';
import { tempDir, type TempDir } from './testing/temp-dir.ts';

let dir: TempDir | undefined;
let deps: DefaultDeps | undefined;
afterEach(async () => {
  await deps?.close();
  deps = undefined;
  dir?.cleanup();
});

it('OUTBOX_CONCURRENCY sets how many e-mails the worker sends at once; a value that is not a positive integer keeps 8', async () => {
  dir = tempDir();
  deps = await createDefaultDeps({ env: { JOINERY_DATA_DIR: dir.path, OUTBOX_CONCURRENCY: '3' } });
  expect(deps.config?.outbox).toEqual({ concurrency: 3 });
  await deps.close();
  deps = await createDefaultDeps({ env: { JOINERY_DATA_DIR: dir.path, OUTBOX_CONCURRENCY: '0' } });
  expect(deps.config?.outbox).toEqual({ concurrency: 8 });
});

it('OUTBOX_INTERVAL_MS and OUTBOX_LEASE_MS reach the worker; the heartbeat renews a short lease four times over', async () => {
  dir = tempDir();
  deps = await createDefaultDeps({
    env: { JOINERY_DATA_DIR: dir.path, OUTBOX_INTERVAL_MS: '200', OUTBOX_LEASE_MS: '8000' },
  });
  expect(deps.config?.outbox).toEqual({ concurrency: 8, intervalMs: 200, leaseMs: 8000, heartbeatMs: 2000 });
  await deps.close();
  // A long lease keeps the default 5 s heartbeat; values that are not positive integers are ignored.
  deps = await createDefaultDeps({
    env: { JOINERY_DATA_DIR: dir.path, OUTBOX_INTERVAL_MS: 'soon', OUTBOX_LEASE_MS: '60000' },
  });
  expect(deps.config?.outbox).toEqual({ concurrency: 8, leaseMs: 60000, heartbeatMs: 5000 });
});
