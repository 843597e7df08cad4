/**
 * LIGHTHOUSE_THREAD_TIME=1: Lighthouse's simulation slows each main-thread task as long as it
 * took by the wall clock, so on a busy machine (other processes sharing the cores) a task that
 * waited for the CPU counts as work and TBT swings several-fold from run to run. This mode
 * gathers the page as usual, shrinks every top-level task of the renderer's main thread (and
 * everything inside it, in proportion) to the CPU time its thread really spent (`tdur`), then
 * runs the audits on that trace. On a quiet machine the two agree; on a busy one this is the
 * figure to compare.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Config, type Flags } from 'lighthouse';

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Scales each top-level main-thread task of the renderers to its thread time, in place. */
export function toThreadTime(events: TraceEvent[]): void {
  const mainThreads = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key) || e.ph === 'M') continue;
    const list = byThread.get(key) ?? [];
    if (!list.length) byThread.set(key, list);
    list.push(e);
  }
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let task: { start: number; end: number; factor: number } | undefined;
    for (const e of list) {
      if (task && e.ts >= task.end) task = undefined;
      if (!task && e.ph === 'X' && e.name === 'RunTask' && e.dur && e.tdur !== undefined && e.tdur < e.dur) {
        task = { start: e.ts, end: e.ts + e.dur, factor: e.tdur / e.dur };
        e.dur = e.tdur;
        continue;
      }
      if (!task) continue;
      e.ts = task.start + (e.ts - task.start) * task.factor;
      if (e.dur !== undefined) e.dur *= task.factor;
    }
  }
}

/** One Lighthouse run whose CPU figures come from thread time (see above). */
export async function lighthouseOnThreadTime(url: string, flags: Flags, config: Config | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-lighthouse-artifacts-'));
  try {
    await lighthouse(url, { ...flags, gatherMode: dir }, config);
    const tracePath = join(dir, 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    toThreadTime(trace.traceEvents);
    writeFileSync(tracePath, JSON.stringify(trace));
    return await lighthouse(url, { ...flags, auditMode: dir }, config);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
