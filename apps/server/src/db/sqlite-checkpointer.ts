import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the background connection looks for committed pages to copy back. A pass with
 * nothing to copy only reads the WAL index; under load each pass copies what the last ones
 * committed.
 */
const CHECKPOINT_INTERVAL_MS = 200;

/**
 * The WAL length (pages) at which the writer checkpoints by itself after all, should the
 * background connection fall behind or stop: 8× SQLite's default, so a lagging background
 * pass bounds the WAL at ~32 MB instead of letting it grow without limit.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 8000;

/** SQLite's own default, kept while no worker runs (or after it died). */
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The worker's code, self-contained (a string, so it runs the same from TypeScript sources in
 * tests and from the build). Its own connection runs PASSIVE checkpoints: they never wait for
 * the writer and never block it, they only copy pages already committed to the WAL.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
db.pragma('synchronous = NORMAL');
// A checkpoint copies frames from the WAL; it needs no page cache of its own.
db.pragma('cache_size = 16');
const pass = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or interrupted: the next pass copies what this one could not.
  }
};
const timer = setInterval(pass, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  pass();
  db.close();
  parentPort.close();
});
`;

/** The minimal view of a better-sqlite3 connection the writer side needs. */
interface WriterConnection {
  pragma(source: string): unknown;
  prepare(source: string): { pluck(): { get(): unknown } };
}

/** How often the writer side looks at how much it has written since the last look. */
const LOAD_POLL_MS = 1000;

/**
 * Rows written in one poll interval that count as sustained write load: below it SQLite's own
 * checkpoints (one every 1,000 pages) cost next to nothing, and the worker's thread (~7 MB of
 * its own heap and code) is not worth its memory.
 */
const BUSY_CHANGES_PER_POLL = 50;

/** Quiet polls in a row after which the worker is let go until the load comes back. */
const QUIET_POLLS_BEFORE_STOP = 30;

/** A running background checkpointer; `stop` makes one last pass and closes its connection. */
export interface BackgroundCheckpointer {
  /** Whether the worker thread is running now (it runs only under sustained writes). */
  readonly active: boolean;
  /** Looks at the write load now instead of at the next poll (tests). */
  poll(): void;
  stop(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop while the server writes a lot. By default
 * the connection that commits copies the WAL back into the database file every 1,000 pages,
 * with two fsyncs, while every request waits; under sustained writes a worker thread with its
 * own connection does it instead. Commits are as durable as before (the WAL is written the same
 * way); only the copying moves. A quiet server (or one busy streaming files, which writes a
 * row per transfer) keeps SQLite's own checkpoints and does not pay for the thread's memory.
 * If the worker dies, the writer checkpoints for itself again.
 */
export function startBackgroundCheckpoints(
  writer: WriterConnection,
  file: string,
): BackgroundCheckpointer {
  const totalChanges = writer.prepare('select total_changes()').pluck();
  const readChanges = (): number | undefined => {
    try {
      return Number(totalChanges.get());
    } catch {
      // The connection is busy or closing: this poll sees no load.
      return undefined;
    }
  };
  let worker: Worker | undefined;
  let exited: Promise<void> = Promise.resolve();
  let failed = false;
  let stopped = false;
  let lastChanges = readChanges() ?? 0;
  let quietPolls = 0;

  const release = (current: Worker): void => {
    // Unreferenced, the worker would let the process end before its last pass (and before
    // whatever awaits this stop: the 'stopped' log line, a start-up error's exit code).
    current.ref();
    current.postMessage('stop');
  };

  const start = (): void => {
    const current = new Worker(WORKER_SOURCE, {
      eval: true,
      // It runs one pragma: a small heap keeps the thread's memory down.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        intervalMs: CHECKPOINT_INTERVAL_MS,
      },
    });
    // A background helper must never keep the process alive.
    current.unref();
    current.on('error', () => {
      failed = true;
    });
    exited = new Promise<void>((resolve) =>
      current.once('exit', () => {
        if (worker === current) worker = undefined;
        // After stop the writer is already closed (it closes first; see database.ts).
        if (!stopped) writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
        resolve();
      }),
    );
    worker = current;
    writer.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  };

  const poll = (): void => {
    if (stopped || failed) return;
    const changes = readChanges();
    if (changes === undefined) return;
    const busy = changes - lastChanges >= BUSY_CHANGES_PER_POLL;
    lastChanges = changes;
    quietPolls = busy ? 0 : quietPolls + 1;
    if (busy && !worker) {
      // A worker still finishing its last pass is waited for, so two never overlap.
      void exited.then(() => {
        if (!stopped && !failed && !worker) start();
      });
    } else if (worker && quietPolls >= QUIET_POLLS_BEFORE_STOP) {
      const current = worker;
      worker = undefined;
      release(current);
    }
  };
  const timer = setInterval(poll, LOAD_POLL_MS);
  timer.unref();

  return {
    get active() {
      return worker !== undefined;
    },
    poll,
    async stop() {
      if (!stopped) {
        stopped = true;
        clearInterval(timer);
        if (worker) release(worker);
        worker = undefined;
      }
      return exited;
    },
  };
}
