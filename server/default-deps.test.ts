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
