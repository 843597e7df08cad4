/**
 * Vite's watcher (chokidar) drops a file's change that comes within 50 ms of its last reported one
 * and reports nothing after: a save followed at once by a formatter's rewrite was lost, and the
 * page kept the first text. Each reported file is stamped at its event and looked at again once
 * that window has passed; a different stamp is a change the watcher did not report.
 */
import { readFileSync, statSync } from 'node:fs';

/** chokidar's window for a file's repeated change events. */
const WATCHER_THROTTLE_MS = 50;
/** When a reported file is looked at again: once that window has passed. */
export const SETTLE_MS = WATCHER_THROTTLE_MS + 10;
/** Above this size a file is stamped by its size and times only (a photograph, not read twice). */
const READ_LIMIT = 256 * 1024;

export function settledChanges(onChange: () => void) {
  const stamps = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const missed = [...stamps].some(([file, was]) => stampOf(file) !== was);
    stamps.clear();
    if (missed) onChange();
  };
  return {
    /** A change the watcher reported. */
    changed(file: string): void {
      stamps.set(file, stampOf(file));
      onChange();
      clearTimeout(timer);
      timer = setTimeout(check, SETTLE_MS);
    },
    close: () => clearTimeout(timer),
  };
}

/** The file's text when small (timestamps are as coarse as the kernel's tick), else its size and times. */
function stampOf(file: string): string {
  try {
    const s = statSync(file, { bigint: true });
    if (!s.isFile()) return `other:${s.mtimeNs}`;
    return s.size <= READ_LIMIT ? `text:${readFileSync(file, 'utf8')}` : `big:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return 'gone';
  }
}
