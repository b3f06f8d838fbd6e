interface Sample {
  at: number;
  sent: number;
}

/**
 * Upload speed over a sliding window (~3 s): smooth enough not to flicker, recent enough
 * to follow a connection that slows down. Fed a monotonic "bytes sent" counter, so a part
 * that restarts after a failure does not make the speed negative.
 */
export class SpeedMeter {
  private samples: Sample[] = [];

  constructor(
    private readonly windowMs = 3_000,
    /** Below this much history the speed reads 0 rather than a wild first guess. */
    private readonly minElapsedMs = 250,
  ) {}

  /** Records the counter's value at a time. */
  record(at: number, sent: number): void {
    const last = this.samples.at(-1);
    if (last && last.at === at) last.sent = sent;
    else this.samples.push({ at, sent });
    this.prune(at);
  }

  /** Bytes per second at `now`; decays to 0 when nothing was sent during the window. */
  speed(now: number): number {
    this.prune(now);
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last) return 0;
    const elapsed = Math.min(now - first.at, this.windowMs);
    if (elapsed < this.minElapsedMs) return 0;
    return Math.max(0, ((last.sent - first.sent) * 1000) / elapsed);
  }

  /** Forgets history (after a pause the old speed means nothing). */
  reset(): void {
    this.samples = [];
  }

  /** Keeps one sample at or before the window start as the baseline, drops older ones. */
  private prune(now: number): void {
    const windowStart = now - this.windowMs;
    while (this.samples.length > 1 && (this.samples[1]?.at ?? now) <= windowStart) {
      this.samples.shift();
    }
  }
}
