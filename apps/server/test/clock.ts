import type { Clock } from '../src/lib/clock.js';

/** A clock tests move by hand. */
export function movableClock(start = new Date('2026-06-01T12:00:00.000Z')) {
  let current = start.getTime();
  const clock: Clock & { advance(ms: number): void } = {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
  return clock;
}
