import { describe, expect, it } from 'vitest';
import {
  FakeTransport,
  givenUploader,
  makeFile,
  until,
  type HeldRequest,
} from '../../../test/kits/multipart-kit';
import { TransferError } from './transfer-error';

/** 3 parts of 1000 bytes, all held so the test drives their progress. */
async function givenThreeHeldParts() {
  const transport = new FakeTransport(1000);
  transport.script(1, 'hold').script(2, 'hold').script(3, 'hold');
  const given = givenUploader({ transport, file: makeFile(3000) });
  const run = given.uploader.start();
  await until(() => transport.held.length === 3, '3 parts in flight');
  const [a, b, c] = transport.held as [HeldRequest, HeldRequest, HeldRequest];
  return { ...given, run, parts: [a, b, c] as const };
}

describe('MultipartUploader progress', () => {
  it('publishes at most 10 snapshots a second however many progress events arrive', async () => {
    const { uploader, clock, parts, transport, run } = await givenThreeHeldParts();
    let renders = 0;
    uploader.subscribe(() => (renders += 1));

    // 3000 progress events over one second: one byte per part per millisecond.
    for (let ms = 1; ms <= 1000; ms += 1) {
      for (const part of parts) part.onProgress(ms - 1);
      await clock.advance(1);
    }
    expect(renders).toBeGreaterThanOrEqual(9);
    expect(renders).toBeLessThanOrEqual(11);
    expect(uploader.getSnapshot().loaded).toBe(3 * 999);

    transport.releaseAll();
    expect((await run).state).toBe('completed');
  });

  it('shows progress after a quiet 100 ms at once, and the last one within 100 ms', async () => {
    const { uploader, clock, parts, transport, run } = await givenThreeHeldParts();
    await clock.advance(200);
    parts[0].onProgress(100);
    expect(uploader.getSnapshot().loaded).toBe(100);
    parts[0].onProgress(200);
    expect(uploader.getSnapshot().loaded).toBe(100);
    await clock.advance(100);
    expect(uploader.getSnapshot().loaded).toBe(200);
    transport.releaseAll();
    await run;
  });

  it('reports whole percent, speed over the last ~3 s and the time left', async () => {
    const { uploader, clock, parts, transport, run } = await givenThreeHeldParts();
    // 30 bytes per part per 100 ms = 900 bytes/s, for 3 s.
    for (let step = 1; step <= 30; step += 1) {
      await clock.advance(100);
      for (const part of parts) part.onProgress(Math.min(1000, step * 30));
    }
    await clock.advance(100);
    const snapshot = uploader.getSnapshot();
    expect(snapshot.loaded).toBe(2700);
    expect(snapshot.percent).toBe(90);
    expect(Number.isInteger(snapshot.percent)).toBe(true);
    expect(snapshot.speed).toBeGreaterThan(800);
    expect(snapshot.speed).toBeLessThan(1000);
    expect(snapshot.eta).toBe(Math.ceil(300 / snapshot.speed));

    // Bytes stop moving: the heartbeat lets speed fall to 0 and the ETA become unknown.
    await clock.advance(4000);
    expect(uploader.getSnapshot()).toMatchObject({ speed: 0, eta: null, loaded: 2700 });

    transport.releaseAll();
    const done = await run;
    expect(done).toMatchObject({ percent: 100, eta: 0, speed: 0, loaded: 3000 });
  });

  it('keeps percent below 100 until the server has assembled the file', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    let answer: (() => void) | undefined;
    const realComplete = transport.complete.bind(transport);
    transport.complete = (session, parts, signal) =>
      new Promise((resolve) => {
        answer = () => resolve(realComplete(session, parts, signal));
      });
    const run = uploader.start();
    await until(() => answer !== undefined, 'complete sent');
    expect(uploader.getSnapshot()).toMatchObject({ loaded: 95, percent: 99, state: 'uploading' });
    answer?.();
    expect((await run).percent).toBe(100);
  });

  it('drops a failed attempt from loaded bytes but not from the bytes it sent', async () => {
    const { uploader, clock, parts, transport, run } = await givenThreeHeldParts();
    parts[0].onProgress(500);
    await clock.advance(100);
    expect(uploader.getSnapshot().loaded).toBe(500);
    transport.script(1, 'hold');
    transport.held.shift()?.fail(new TransferError('http', 500));
    await until(() => transport.held.length === 3, 'part 1 sent again');
    await clock.advance(100);
    expect(uploader.getSnapshot().loaded).toBe(0);
    transport.releaseAll();
    await run;
  });

  it('does not publish a new snapshot when nothing changed', async () => {
    const { uploader, clock, transport, run } = await givenThreeHeldParts();
    await clock.advance(5000);
    const before = uploader.getSnapshot();
    let renders = 0;
    uploader.subscribe(() => (renders += 1));
    await clock.advance(5000);
    expect(renders).toBe(0);
    expect(uploader.getSnapshot()).toBe(before);
    transport.releaseAll();
    await run;
  });
});
