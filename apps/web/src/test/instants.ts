import { expect } from 'vitest';

/**
 * Asserts that `sent` (an ISO instant the app computed) lies exactly `offsetMs` after some moment
 * between `since` (a `Date.now()` taken before the action) and now. Exact however slow the
 * machine is, unlike "within N ms of now", which a busy machine can break.
 */
export function expectInstantAfter(sent: unknown, offsetMs: number, since: number): void {
  const base = Date.parse(String(sent)) - offsetMs;
  expect(base).toBeGreaterThanOrEqual(since);
  expect(base).toBeLessThanOrEqual(Date.now());
}
