import { fdatasync, type WriteStream } from 'node:fs';
import { Transform } from 'node:stream';

/** How much may be written between two background flushes. */
export const SYNC_EVERY_BYTES = 32 * 1024 * 1024;

/**
 * A pass-through placed just before a file sink that asks the disk to flush what the sink has
 * written so far every SYNC_EVERY_BYTES, in the background. The final fsync before close
 * (durability) then finds little left to write: without this, a 1 GiB upload sat idle for
 * seconds at the end while the kernel wrote the whole file, because nothing made it start
 * earlier. At most one flush is in flight; the stream ends only after it settles, so the sink
 * never closes its descriptor under a running flush. A failed background flush is ignored:
 * the final fsync reports the same failure.
 */
export function progressiveSync(
  sink: WriteStream,
  {
    everyBytes = SYNC_EVERY_BYTES,
    sync = fdatasync,
  }: { everyBytes?: number; sync?: (fd: number, done: () => void) => void } = {},
): Transform {
  let fd: number | null = null;
  let unsynced = 0;
  let inFlight: Promise<void> | null = null;
  sink.once('open', (opened: number) => (fd = opened));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      unsynced += chunk.length;
      if (unsynced >= everyBytes && fd !== null && inFlight === null) {
        unsynced = 0;
        const descriptor = fd;
        inFlight = new Promise((resolve) =>
          sync(descriptor, () => {
            inFlight = null;
            resolve();
          }),
        );
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (inFlight) void inFlight.then(() => callback());
      else callback();
    },
  });
}
