import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { processGarbagePacer } from '../lib/garbage-pacer.js';
import { createBodyMeter, type BodyLimits } from './body-meter.js';

const MiB = 1024 * 1024;

/** Streams `chunks` chunks of 64 KiB through a meter; its result, or the error it failed with. */
async function meter(chunks: number, limits: BodyLimits) {
  const body = createBodyMeter(limits);
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < chunks; i++) yield Buffer.alloc(64 * 1024, i);
    })(),
  );
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await pipeline(source, body, sink);
    return body.result();
  } catch (error) {
    return error as Error;
  }
}

describe('createBodyMeter', () => {
  it('measures the body and checks its declared length', async () => {
    expect(await meter(4, { expectedLength: 4 * 64 * 1024 })).toEqual({ size: 4 * 64 * 1024 });
    expect(await meter(4, { expectedLength: 100 })).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'body is longer than 100 bytes',
    });
    expect(await meter(1, { expectedLength: 70_000 })).toMatchObject({
      message: 'body has 65536 bytes, expected 70000',
    });
    expect(await meter(2, { maxLength: 64 * 1024 })).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it("paces the garbage collector only for the transfers that ask for it (the server's own)", async () => {
    const pacer = processGarbagePacer();
    const before = pacer.collections;
    await meter((17 * MiB) / (64 * 1024), {});
    expect(pacer.collections).toBe(before);
    await meter((17 * MiB) / (64 * 1024), { paced: true });
    // 17 MiB: two collections, three if an earlier count left a rest.
    expect(pacer.collections - before).toBeGreaterThanOrEqual(2);
    expect(pacer.collections - before).toBeLessThanOrEqual(3);
  });
});
