/** The build's own log filters: only the messages no author can act on are dropped. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rolldown } from 'vite';
import { quietLogger, quietRolldownLog } from './config.ts';

afterEach(() => vi.restoreAllMocks());

describe('a quiet build', () => {
  it("drops Vite's PostCSS `from` warning and keeps every other warning", () => {
    const warned: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((m: unknown) => void warned.push(String(m)));
    const logger = quietLogger();
    logger.warnOnce(
      "\nA PostCSS plugin did not pass the `from` option to `postcss.parse`. This may cause imported assets to be incorrectly transformed. If you've recently added a PostCSS plugin that raised this warning, please contact the package author to fix the issue.",
    );
    logger.warn('A PostCSS plugin did not pass the `from` option to `postcss.parse`.');
    logger.warn('[vite:css][postcss] Unknown word');
    logger.warnOnce('(!) Some chunks are larger than 500 kB');
    expect(warned).toEqual(['[vite:css][postcss] Unknown word', '(!) Some chunks are larger than 500 kB']);
  });

  it("drops Rolldown's PLUGIN_TIMINGS notice and hands on every other log", () => {
    const handled: string[] = [];
    const handler = (level: string, log: Rolldown.RolldownLog) => void handled.push(`${level} ${log.code}`);
    quietRolldownLog('warn', { code: 'PLUGIN_TIMINGS', message: 'JavaScript callbacks ran for 10.7s' }, handler);
    quietRolldownLog('warn', { code: 'CIRCULAR_DEPENDENCY', message: 'a -> b -> a' }, handler);
    quietRolldownLog('info', { code: 'UNKNOWN', message: 'x' }, handler);
    expect(handled).toEqual(['warn CIRCULAR_DEPENDENCY', 'info UNKNOWN']);
  });
});
