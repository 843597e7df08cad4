/**
 * A prerender helper thread: sets up the same renderer as the build from the folders it is
 * given, then renders the batches of route indexes the build sends (prerender-threads.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRouteRenderer } from '../../engine/prerender/prerender.ts';
import { prerenderInputs } from './prerender-inputs.ts';
import type { WorkerInit, WorkerReply, WorkerRequest } from './prerender-threads.ts';

const init = workerData as WorkerInit;
const port = parentPort!;
const post = (m: WorkerReply) => port.postMessage(m);
const inputs = await prerenderInputs({
  ...init,
  assetUrls: new Map(init.assetUrls),
  pictures: new Map(init.pictures),
  log: (line) => post({ kind: 'log', line }),
});
// The build's route table and ours come from the same files: same length, same order.
if (inputs.routes.length !== init.routeCount)
  throw new Error(`prerender worker: ${inputs.routes.length} routes, the build has ${init.routeCount}`);
const renderer = createRouteRenderer(inputs);
const empty = { failedBlocks: [], dynamic: [], notFound: null };
port.on('message', (m: WorkerRequest) => {
  ('flush' in m ? renderer.flush().then(() => empty) : renderer.render(m.indexes)).then(
    (result) => post({ kind: 'done', id: m.id, result }),
    (e: unknown) => post({ kind: 'failed', id: m.id, message: (e as Error).stack ?? String(e) }),
  );
});
post({ kind: 'ready' });
