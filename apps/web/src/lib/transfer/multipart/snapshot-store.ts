import type { TimerHandle, UploaderClock } from './clock';
import { sameSnapshot } from './snapshot';
import { Throttle } from './throttle';
import type { UploadSnapshot } from './types';

/** Refreshes speed and ETA while bytes are not moving, so a stalled upload shows it. */
const HEARTBEAT_MS = 1_000;

/**
 * The external store behind useSyncExternalStore: a snapshot rebuilt on request, throttled,
 * and replaced (with listeners told) only when something in it changed.
 */
export class SnapshotStore {
  private readonly listeners = new Set<() => void>();
  private readonly throttle: Throttle;
  private heartbeat: TimerHandle | null = null;
  private current: UploadSnapshot;

  constructor(
    private readonly clock: UploaderClock,
    intervalMs: number,
    private readonly build: () => UploadSnapshot,
  ) {
    this.current = build();
    this.throttle = new Throttle(clock, intervalMs, () => this.publish());
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): UploadSnapshot => this.current;

  /** A change that may wait for the throttle (bytes, part counts). */
  request(): void {
    this.throttle.request();
  }

  /** A change to show now (state, route, connectivity). */
  flush(): void {
    this.throttle.flush();
  }

  /** Drops pending timers. */
  stop(): void {
    this.throttle.cancel();
    this.clearHeartbeat();
  }

  private publish(): void {
    const next = this.build();
    if (!sameSnapshot(this.current, next)) {
      this.current = next;
      for (const listener of [...this.listeners]) listener();
    }
    if (next.state !== 'uploading') {
      this.clearHeartbeat();
    } else if (this.heartbeat === null) {
      this.heartbeat = this.clock.setTimeout(() => {
        this.heartbeat = null;
        this.throttle.request();
      }, HEARTBEAT_MS);
    }
  }

  private clearHeartbeat(): void {
    if (this.heartbeat === null) return;
    this.clock.clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }
}
