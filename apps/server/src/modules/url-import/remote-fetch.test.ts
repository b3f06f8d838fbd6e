import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../lib/app-error.js';
import { createTransferWatch } from './remote-fetch.js';

describe('createTransferWatch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes bytes through and reports each chunk', async () => {
    // No idle limit may strike while a busy machine delivers the chunks.
    vi.useFakeTimers();
    const counts: number[] = [];
    const watch = createTransferWatch({ idleMs: 1_000, onBytes: (n) => counts.push(n) });
    const source = new PassThrough();
    const done = buffer(watch);
    source.pipe(watch);
    source.write('abc');
    source.end('de');
    expect((await done).toString()).toBe('abcde');
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('fails with UPSTREAM_TIMEOUT when no byte moves for idleMs', async () => {
    const source = new PassThrough();
    const watch = createTransferWatch({ idleMs: 50 });
    source.write('first');
    const error = await pipeline(source, watch, new PassThrough().resume()).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error) && error.code).toBe('UPSTREAM_TIMEOUT');
    expect(source.destroyed).toBe(true);
  });

  it('keeps a transfer alive while bytes keep coming', async () => {
    // The watch's clock is faked: a busy machine cannot stretch a gap between two writes past
    // idleMs, so the transfer stays alive over five times idleMs with a byte every half of it.
    vi.useFakeTimers();
    const source = new PassThrough();
    const watch = createTransferWatch({ idleMs: 80 });
    const done = pipeline(source, watch, new PassThrough().resume());
    for (let i = 0; i < 10; i++) {
      source.write('x');
      await vi.advanceTimersByTimeAsync(40);
    }
    expect(watch.destroyed).toBe(false);
    source.end();
    await expect(done).resolves.toBeUndefined();
  });
});
