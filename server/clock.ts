/**
 * Time comes from an injected clock so tests can move it (outbox backoff, token expiry)
 * without waiting or faking timers.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ManualClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

/** A clock that only moves when told to. */
export function manualClock(start: Date | string = '2025-01-15T12:00:00.000Z'): ManualClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = new Date(d).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
