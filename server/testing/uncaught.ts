/**
 * Records errors nothing handled while a test runs (in `joinery start` each would have been
 * fatal without the process guard), so the test itself fails on them, naming the error.
 *
 *   const uncaught = watchUncaught();  ...  expect(uncaught.stop()).toEqual([]);
 */
export function watchUncaught(): { stop(): string[] } {
  const seen: string[] = [];
  const record = (e: unknown) => void seen.push(e instanceof Error ? e.message : String(e));
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  return {
    stop() {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
      return seen;
    },
  };
}
