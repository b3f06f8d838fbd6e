import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { progressiveSync } from './progressive-sync.js';

const KiB = 1024;

describe('progressiveSync', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pasteport-sync-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('flushes the file as it grows, one flush at a time, and ends only after the last', async () => {
    const body = randomBytes(640 * KiB);
    const chunks = Array.from({ length: 10 }, (_, i) =>
      body.subarray(i * 64 * KiB, (i + 1) * 64 * KiB),
    );
    const target = path.join(dir, 'out.bin');
    const sink = createWriteStream(target);
    const events: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const sync = (fd: number, done: () => void) => {
      expect(fd).toBeTypeOf('number');
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      events.push('sync');
      // A slow disk: the flush outlasts several chunks.
      setTimeout(() => {
        inFlight -= 1;
        events.push('synced');
        done();
      }, 30);
    };
    sink.on('close', () => events.push(inFlight === 0 ? 'closed' : 'closed under a flush'));
    await pipeline(
      Readable.from(chunks),
      progressiveSync(sink, { everyBytes: 128 * KiB, sync }),
      sink,
    );
    expect((await readFile(target)).equals(body)).toBe(true);
    const syncs = events.filter((e) => e === 'sync').length;
    expect(syncs).toBeGreaterThanOrEqual(1);
    expect(mostInFlight).toBe(1);
    // The stream ended, and the descriptor closed, only after every flush settled.
    expect(events.filter((e) => e === 'synced')).toHaveLength(syncs);
    expect(events.at(-1)).toBe('closed');
  });

  it('does not flush a body smaller than the interval', async () => {
    const target = path.join(dir, 'small.bin');
    const sink = createWriteStream(target);
    let syncs = 0;
    await pipeline(
      Readable.from([Buffer.from('small')]),
      progressiveSync(sink, { everyBytes: 128 * KiB, sync: (_fd, done) => (syncs++, done()) }),
      sink,
    );
    expect(syncs).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('small');
  });
});
