import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchedCounter } from './batched-counter.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createBatchedCounter', () => {
  it('writes the counts of one interval in one batch', async () => {
    vi.useFakeTimers();
    const writes: Array<Record<string, number>> = [];
    const counter = createBatchedCounter({
      write: (counts) => {
        writes.push(Object.fromEntries(counts));
        return Promise.resolve();
      },
      intervalMs: 1000,
    });
    expect([counter.add('a'), counter.add('a'), counter.add('b')]).toEqual([1, 2, 1]);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([{ a: 2, b: 1 }]);
    expect(counter.pending('a')).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(writes).toHaveLength(1); // nothing new, nothing written
  });

  it('keeps the counts of a failed write for the next one', async () => {
    let fail = true;
    const written: Array<Record<string, number>> = [];
    const errors: unknown[] = [];
    const counter = createBatchedCounter({
      write: (counts) => {
        if (fail) return Promise.reject(new Error('database busy'));
        written.push(Object.fromEntries(counts));
        return Promise.resolve();
      },
      intervalMs: 60_000,
      onError: (err) => errors.push(err),
    });
    counter.add('a');
    await counter.flush();
    expect(errors).toHaveLength(1);
    expect(counter.pending('a')).toBe(1);
    counter.add('a');
    fail = false;
    await counter.close();
    expect(written).toEqual([{ a: 2 }]);
  });

  it('runs one write at a time and writes what arrived during it afterwards', async () => {
    let release: () => void = () => undefined;
    const written: Array<Record<string, number>> = [];
    let inFlight = 0;
    let maxInFlight = 0;
    let writes = 0;
    let secondWriteStarted: () => void = () => undefined;
    const secondWrite = new Promise<void>((resolve) => (secondWriteStarted = resolve));
    const counter = createBatchedCounter({
      write: async (counts) => {
        inFlight += 1;
        writes += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        if (writes === 2) secondWriteStarted();
        await new Promise<void>((resolve) => (release = resolve));
        written.push(Object.fromEntries(counts));
        inFlight -= 1;
      },
      intervalMs: 60_000,
    });
    counter.add('a');
    const first = counter.flush();
    await Promise.resolve();
    counter.add('a');
    const second = counter.flush();
    release();
    await first;
    // Waits for the second write itself, however long a busy machine takes to start it.
    await secondWrite;
    expect(inFlight).toBe(1);
    release();
    await second;
    expect(written).toEqual([{ a: 1 }, { a: 1 }]);
    expect(maxInFlight).toBe(1);
    await counter.close();
  });
});
