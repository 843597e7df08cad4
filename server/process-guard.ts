/**
 * The last line of defence for `joinery start`: an error nothing handled (a stream without an
 * 'error' listener, a promise nobody awaited) is logged and the server keeps serving the other
 * requests instead of exiting. Every such log line is a bug to fix where it arose; this guard
 * is never the fix.
 */
import type { Logger } from './logger.ts';

/** Installs the handlers; the returned function removes them. */
export function guardProcess(log: Logger): () => void {
  const onException = (error: unknown) => log.error('joinery: uncaught exception (a bug; still serving):', error);
  const onRejection = (reason: unknown) =>
    log.error('joinery: unhandled promise rejection (a bug; still serving):', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
