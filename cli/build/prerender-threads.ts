/**
 * Worker threads that share the prerender with the build's own thread (React renders on one
 * core): started only for sites large enough to repay their start-up.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RouteRenderer, RoutesRendered } from '../../engine/prerender/prerender.ts';
import { compiledDir, runnable } from '../compiled.ts';
import type { PrerenderFolders } from './prerender-inputs.ts';
import type { Picture } from '../../engine/images/pipeline.ts';

const WORKER = compiledDir
  ? runnable(fileURLToPath(new URL('./prerender-worker.ts', import.meta.url)))
  : new URL('./prerender-worker.js', import.meta.url);

/**
 * Below this many routes one thread is faster: a worker takes ~3 s to start (loader, site,
 * server bundle), and on the generated 1,000-page site one thread measured 181 pages/s against
 * 109 with a worker (2 busy cores).
 */
const THREADS_MIN_ROUTES = 2000;

export type WorkerInit = Omit<PrerenderFolders, 'assetUrls' | 'pictures' | 'log'> & {
  assetUrls: [string, string][];
  pictures: [string, Picture][];
  routeCount: number;
};
export type WorkerRequest = { id: number; indexes: number[] } | { id: number; flush: true };
export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'log'; line: string }
  | { kind: 'done'; id: number; result: RoutesRendered }
  | { kind: 'failed'; id: number; message: string };

/** Helper threads for a prerender of `routeCount` routes: `requested` if given, else one per spare core (at most 3). */
export function helperThreadCount(routeCount: number, requested?: number): number {
  if (requested !== undefined) return Math.max(0, requested);
  return routeCount >= THREADS_MIN_ROUTES ? Math.min(3, availableParallelism() - 1) : 0;
}

export function startHelperThreads(
  count: number,
  folders: PrerenderFolders,
  routeCount: number,
): { helpers: RouteRenderer[]; stop: () => Promise<void> } {
  const log = folders.log ?? (() => {});
  const logged = new Set<string>();
  const workers: Worker[] = [];
  const helpers = Array.from({ length: count }, (): RouteRenderer => {
    const init: WorkerInit = {
      siteDir: folders.siteDir,
      bundles: folders.bundles,
      siteOut: folders.siteOut,
      assetUrls: [...(folders.assetUrls ?? [])],
      pictures: [...(folders.pictures ?? [])],
      routeCount,
    };
    // Compiled, the worker is prerender-worker.ts's copy; as TypeScript, prerender-worker.js registers tsx first.
    const worker = new Worker(WORKER, { workerData: init, execArgv: [] });
    workers.push(worker);
    const pending = new Map<number, { resolve: (r: RoutesRendered) => void; reject: (e: Error) => void }>();
    let failure: Error | undefined;
    const fail = (e: Error) => {
      failure ??= e;
      for (const p of pending.values()) p.reject(failure);
      pending.clear();
    };
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: WorkerReply) => {
        if (m.kind === 'ready') resolve();
        // Each thread meets the same build-time problems (an unreachable host): said once.
        else if (m.kind === 'log') {
          if (!logged.has(m.line)) {
            logged.add(m.line);
            log(m.line);
          }
        } else {
          const p = pending.get(m.id);
          pending.delete(m.id);
          if (m.kind === 'done') p?.resolve(m.result);
          else p?.reject(new Error(m.message));
        }
      });
      worker.on('error', (e: unknown) => {
        const err = e instanceof Error ? e : new Error(String(e));
        reject(err);
        fail(err);
      });
      worker.on('exit', (code) => {
        const e = new Error(`prerender worker exited with code ${code}`);
        reject(e);
        fail(e);
      });
    });
    let nextId = 0;
    const ask = async (request: (id: number) => WorkerRequest) => {
      await ready;
      if (failure) throw failure;
      const id = nextId++;
      return new Promise<RoutesRendered>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(request(id));
      });
    };
    return {
      render: (indexes) => ask((id) => ({ id, indexes })),
      flush: async () => void (await ask((id) => ({ id, flush: true }))),
    };
  });
  return { helpers, stop: async () => void (await Promise.all(workers.map((w) => w.terminate()))) };
}
