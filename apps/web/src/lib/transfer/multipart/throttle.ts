import type { TimerHandle, UploaderClock } from './clock';

/**
 * Calls `fire` at most once per interval: the first request fires at once, later ones
 * within the interval are folded into one trailing call. Keeps React from re-rendering on
 * every progress event of three parallel parts.
 */
export class Throttle {
  private lastFired = Number.NEGATIVE_INFINITY;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly clock: UploaderClock,
    private readonly intervalMs: number,
    private readonly fire: () => void,
  ) {}

  /** Asks for a call; it happens now or at the end of the current interval. */
  request(): void {
    if (this.timer !== null) return;
    const wait = this.lastFired + this.intervalMs - this.clock.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }

  /** Calls now, folding in any pending trailing call (for state changes, which must not lag). */
  flush(): void {
    this.cancel();
    this.lastFired = this.clock.now();
    this.fire();
  }

  /** Drops a pending trailing call. */
  cancel(): void {
    if (this.timer === null) return;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
