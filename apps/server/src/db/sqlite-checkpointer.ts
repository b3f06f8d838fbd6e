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

/** SQLite's own default, restored if the background connection dies. */
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
interface PragmaConnection {
  pragma(source: string): unknown;
}

/** A running background checkpointer; `stop` makes one last pass and closes its connection. */
export interface BackgroundCheckpointer {
  stop(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop. By default the connection that commits
 * copies the WAL back into the database file every 1,000 pages, with two fsyncs, while every
 * request waits; here a worker thread with its own connection does it. Commits are as durable
 * as before (the WAL is written the same way); only the copying moves. If the worker dies, the
 * writer checkpoints for itself again.
 */
export function startBackgroundCheckpoints(
  writer: PragmaConnection,
  file: string,
): BackgroundCheckpointer {
  writer.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
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
  worker.unref();
  let stopped = false;
  worker.on('error', () => {
    if (!stopped) writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      if (stopped) return exited;
      stopped = true;
      // Unreferenced, the worker would let the process end before its last pass (and before
      // whatever awaits this stop: the 'stopped' log line, a start-up error's exit code).
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
