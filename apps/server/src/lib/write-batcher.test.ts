import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher.js';

describe('createWriteBatcher', () => {
  it('writes items requested together in one batch and answers each caller', async () => {
    const batches: number[][] = [];
    const write = createWriteBatcher<number, number>({
      writeBatch: (items) => {
        batches.push([...items]);
        return Promise.resolve(items.map((n) => n * 10));
      },
      maxBatch: 100,
    });
    const results = await Promise.all([1, 2, 3].map((n) => write(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('queues what arrives during a write for the next batch, within the batch limit', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const write = createWriteBatcher<number, number>({
      writeBatch: async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items;
      },
      maxBatch: 2,
    });
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((n) => write(n));
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('fails only the item that fails: a failed batch is retried item by item', async () => {
    const write = createWriteBatcher<number, number>({
      writeBatch: (items) =>
        items.includes(2) ? Promise.reject(new Error('bad item 2')) : Promise.resolve(items),
      maxBatch: 100,
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => write(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('bad item 2'));
  });
});
