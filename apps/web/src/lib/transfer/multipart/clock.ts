/** A timer id from the clock that made it. */
export type TimerHandle = ReturnType<typeof setTimeout>;

/** Time and timers, injected so tests control every delay. */
export interface UploaderClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The real clock. */
export const systemClock: UploaderClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

/** Waits ms; resolves early (never rejects) when the signal aborts — callers check it. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** A Sleep on the given clock. */
export function sleepOn(clock: UploaderClock): Sleep {
  return (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) {
        resolve();
        return;
      }
      const done = () => {
        clock.clearTimeout(handle);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const handle = clock.setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
}
