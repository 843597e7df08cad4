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
