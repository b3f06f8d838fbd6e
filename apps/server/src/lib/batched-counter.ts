/**
 * Counts events per id in memory and writes them in one batch every interval, instead of one
 * database write per event. Used where an exact count is not a rule (views of pastes without
 * a view limit); limited counts keep their atomic per-read UPDATE.
 */
export interface BatchedCounter {
  /** Counts one event; returns how many of this id's events are not yet written. */
  add: (id: string) => number;
  /** Events counted for `id` that are not yet written. */
  pending: (id: string) => number;
  /** Writes what is pending now (also what the timer calls). */
  flush: () => Promise<void>;
  /** Stops the timer and writes what is pending. */
  close: () => Promise<void>;
}

export function createBatchedCounter(options: {
  /** Writes the counts; a rejection keeps them for the next flush. */
  write: (counts: ReadonlyMap<string, number>) => Promise<void>;
  intervalMs: number;
  onError?: (err: unknown) => void;
}): BatchedCounter {
  let pending = new Map<string, number>();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function writeBatch(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await options.write(batch);
    } catch (err) {
      // Merge back so nothing is lost; the next flush retries.
      for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      options.onError?.(err);
    }
  }

  function flush(): Promise<void> {
    // One write at a time: a flush during a flush waits for it, then writes what came since.
    running = (running ?? Promise.resolve()).then(writeBatch);
    return running;
  }

  function schedule(): void {
    timer ??= setTimeout(() => {
      timer = undefined;
      void flush();
    }, options.intervalMs);
    // The timer must not keep a finished process (or a test run) alive.
    timer.unref();
  }

  return {
    add(id) {
      const n = (pending.get(id) ?? 0) + 1;
      pending.set(id, n);
      schedule();
      return n;
    },
    pending: (id) => pending.get(id) ?? 0,
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
