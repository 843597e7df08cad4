/** A three-level logger the server writes through, so tests can silence or capture it. */
export interface Logger {
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export const consoleLogger: Logger = {
  info: (m, ...r) => console.log(m, ...r),
  warn: (m, ...r) => console.warn(m, ...r),
  error: (m, ...r) => console.error(m, ...r),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export interface MemoryLogger extends Logger {
  lines: { level: 'info' | 'warn' | 'error'; message: string; rest: unknown[] }[];
}

/** Keeps every line, for tests that assert what was logged. */
export function memoryLogger(): MemoryLogger {
  const lines: MemoryLogger['lines'] = [];
  return {
    lines,
    info: (message, ...rest) => void lines.push({ level: 'info', message, rest }),
    warn: (message, ...rest) => void lines.push({ level: 'warn', message, rest }),
    error: (message, ...rest) => void lines.push({ level: 'error', message, rest }),
  };
}

/**
 * At most one line per `everyMs` through `write`; the next line let through says how many were
 * held back meanwhile. For errors that come in floods (every request of a database outage).
 */
export function throttled(
  everyMs: number,
  write: (line: string) => void,
  now: () => number = Date.now,
): (line: string) => void {
  let last = -Infinity;
  let held = 0;
  return (line) => {
    const t = now();
    if (t - last < everyMs) {
      held++;
      return;
    }
    last = t;
    write(held ? `${line} (and ${held} more like it since the last such line)` : line);
    held = 0;
  };
}
