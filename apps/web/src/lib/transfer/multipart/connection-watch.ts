import type { Connectivity } from '../../connectivity';

/**
 * Connectivity as the uploader needs it: whether a failure may be the connection's fault,
 * and a way to wait until it returns. Listens only while switched on.
 */
export class ConnectionWatch {
  /** Bumped on each 'offline' event: a request that saw one did not fail on its own. */
  private epoch = 0;
  private readonly waiters = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly connectivity: Connectivity,
    private readonly onChange: (online: boolean) => void,
  ) {}

  get online(): boolean {
    return this.connectivity.isOnline();
  }

  /** Starts or stops listening to online/offline events. */
  listen(active: boolean): void {
    if (active && !this.unsubscribe) {
      this.unsubscribe = this.connectivity.subscribe((online) => this.handle(online));
    } else if (!active && this.unsubscribe) {
      this.unsubscribe();
      this.unsubscribe = null;
    }
  }

  /** A mark to take before a request, for lostSince. */
  mark(): number {
    return this.epoch;
  }

  /** Whether the connection is gone, or went away at some point since the mark. */
  lostSince(mark: number): boolean {
    return !this.online || this.epoch !== mark;
  }

  /** Resolves once online (at once if online already) or when the signal aborts. */
  untilOnline(signal: AbortSignal): Promise<void> {
    if (this.online || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        this.waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  private handle(online: boolean): void {
    if (online) {
      for (const wake of [...this.waiters]) wake();
    } else {
      this.epoch += 1;
    }
    this.onChange(online);
  }
}
