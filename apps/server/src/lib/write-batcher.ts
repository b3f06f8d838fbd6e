/**
 * Group commit: writes requested in the same turn of the event loop (and while a previous
 * batch is being written) go to the database together, in one transaction, instead of one
 * commit each. Every caller still gets its own result once its batch has committed.
 */
export function createWriteBatcher<T, R>(options: {
  /** Writes the items in one transaction; returns one result per item, in order. */
  writeBatch: (items: readonly T[]) => Promise<readonly R[]>;
  /** Largest batch; the rest waits for the next one. */
  maxBatch: number;
}): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (err: unknown) => void;
  }
  let queue: Waiting[] = [];
  let writing = false;
  let scheduled = false;

  async function writeAll(batch: Waiting[]): Promise<void> {
    try {
      const results = await options.writeBatch(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // One bad item must not fail the others: write them one by one to find out.
      for (const w of batch) await writeAll([w]);
    }
  }

  async function drain(): Promise<void> {
    scheduled = false;
    if (writing) return;
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, options.maxBatch);
        queue = queue.slice(batch.length);
        await writeAll(batch);
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled && !writing) {
        scheduled = true;
        // setImmediate: after the I/O callbacks of this turn, so requests that arrived
        // together are written together.
        setImmediate(() => void drain());
      }
    });
}
