/** Time source, injected so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO-8601 UTC text, the one timestamp format stored in the database. */
export function isoNow(clock: Clock = systemClock): string {
  return clock.now().toISOString();
}
