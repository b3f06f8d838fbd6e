import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createGarbagePacer, minorCollection, processGarbagePacer } from './garbage-pacer.js';

const MiB = 1024 * 1024;

describe('createGarbagePacer', () => {
  it('collects once per paceBytes streamed, carrying the rest over, whatever the chunk sizes', () => {
    let runs = 0;
    const pacer = createGarbagePacer(() => runs++, 1000);
    for (let i = 0; i < 9; i++) pacer.note(100);
    expect(runs).toBe(0);
    pacer.note(300); // 1,200: one collection, 200 carried over
    expect(runs).toBe(1);
    pacer.note(799);
    expect(runs).toBe(1);
    pacer.note(1);
    expect(runs).toBe(2);
    expect(pacer.collections).toBe(2);
    expect(pacer.active).toBe(true);
  });

  it('does nothing where the runtime gives no collector', () => {
    const pacer = createGarbagePacer(undefined, 10);
    pacer.note(1000);
    expect(pacer.collections).toBe(0);
    expect(pacer.active).toBe(false);
  });
});

describe('minorCollection', () => {
  it('is available on this runtime, once, and leaves the global scope without gc', () => {
    const collect = minorCollection();
    expect(typeof collect).toBe('function');
    expect(minorCollection()).toBe(collect);
    expect('gc' in globalThis).toBe(false);
    expect(processGarbagePacer().active).toBe(true);
  });

  it('frees the dead buffers of a stream that V8 would otherwise leave for later', async () => {
    const collect = minorCollection()!;
    collect();
    for (let turn = 0; turn < 100; turn++) await nextTurn();
    const baseline = process.memoryUsage().arrayBuffers;
    // 16 MiB of chunks, each dead as soon as the next is read: below V8's own 64 MB trigger,
    // so without a collection they stay allocated.
    let checksum = 0;
    for (let i = 0; i < 256; i++) {
      const chunk = Buffer.allocUnsafeSlow(64 * 1024);
      chunk[0] = i;
      checksum += chunk[0];
    }
    expect(checksum).toBe((255 * 256) / 2);
    collect();
    // The backing stores are released by a sweeper thread after the collection: wait for it
    // a bounded number of event-loop turns, not a time.
    let left = Number.POSITIVE_INFINITY;
    for (let turn = 0; turn < 1000 && left > 4 * MiB; turn++) {
      await nextTurn();
      left = process.memoryUsage().arrayBuffers - baseline;
    }
    expect(left).toBeLessThanOrEqual(4 * MiB);
  });
});
