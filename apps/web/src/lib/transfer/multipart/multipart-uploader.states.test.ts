import { describe, expect, it } from 'vitest';
import { savedUploadKey, uploadFingerprint } from './saved-uploads';
import { givenUploader, SCOPE, until, type FakeTransport } from '../../../test/kits/multipart-kit';
import { TransferError } from './transfer-error';
import type { UploaderState } from './types';
import { UploaderStateError } from './upload-errors';

const keyOf = (file: File) => savedUploadKey(uploadFingerprint(file, SCOPE));

/** Makes init wait for the test; each pending init adds a function that answers it. */
function holdInits(transport: FakeTransport): (() => void)[] {
  const answers: (() => void)[] = [];
  const realInit = transport.init.bind(transport);
  transport.init = (file) =>
    new Promise((resolve) => {
      // Answered even if the request was cancelled meanwhile (it crossed on the wire).
      answers.push(() => resolve(realInit(file, new AbortController().signal)));
    });
  return answers;
}

/** Calls a method and returns the UploaderStateError code it threw synchronously. */
function stateErrorOf(call: () => unknown): string {
  try {
    void call();
  } catch (error) {
    if (error instanceof UploaderStateError) return error.code;
    throw error;
  }
  throw new Error('no error was thrown');
}

describe('MultipartUploader states (SPEC §4)', () => {
  it('goes idle → uploading → completed, sending every part once and completing', async () => {
    const { uploader, transport, file } = givenUploader();
    const states: UploaderState[] = [];
    uploader.subscribe(() => {
      const { state } = uploader.getSnapshot();
      if (states.at(-1) !== state) states.push(state);
    });
    expect(uploader.getSnapshot().state).toBe('idle');

    const finished = uploader.start();
    expect(uploader.getSnapshot().state).toBe('uploading');
    const last = await finished;

    expect(states).toEqual(['uploading', 'completed']);
    expect(last.state).toBe('completed');
    expect(last).toMatchObject({
      percent: 100,
      loaded: 95,
      total: 95,
      parts: { total: 10, completed: 10, uploading: 0, failed: 0 },
      via: 'direct',
      error: null,
      fileId: 'file-1',
      result: { slug: 'done', fileId: 'file-1' },
    });
    expect(transport.calls[0]).toBe('init');
    expect(transport.sentParts().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(transport.calls.at(-1)).toBe('complete');
    expect(uploader.chunkInfo().every((chunk) => chunk.status === 'completed')).toBe(true);
    // Saved progress is only for unfinished uploads.
    expect(localStorage.getItem(keyOf(file))).toBeNull();
  });

  it('refuses everything but start and reset while idle', async () => {
    const { uploader, transport } = givenUploader();
    expect(stateErrorOf(() => uploader.pause())).toBe('NOT_UPLOADING');
    expect(stateErrorOf(() => uploader.resume())).toBe('NOT_PAUSED');
    expect(stateErrorOf(() => uploader.retry())).toBe('NOT_RETRYABLE');
    await expect(uploader.abort()).rejects.toMatchObject({ code: 'NOT_ABORTABLE' });
    await uploader.reset();
    expect(uploader.getSnapshot().state).toBe('idle');
    expect(transport.calls).toEqual([]);
  });

  it("raises 'only paused uploads can be resumed' unless paused", async () => {
    const { uploader, transport } = givenUploader();
    transport.script(1, 'hold');
    const finished = uploader.start();
    await until(() => transport.held.length === 1, 'part 1 in flight');
    expect(() => uploader.resume()).toThrow('only paused uploads can be resumed');
    expect(() => uploader.resume()).toThrow(expect.objectContaining({ code: 'NOT_PAUSED' }));
    expect(stateErrorOf(() => uploader.start())).toBe('NOT_IDLE');
    expect(stateErrorOf(() => uploader.retry())).toBe('NOT_RETRYABLE');
    transport.releaseAll();
    await finished;
    expect(() => uploader.resume()).toThrow('only paused uploads can be resumed');
  });

  it('pauses only while uploading, and resumes or retries from paused', async () => {
    const { uploader, transport } = givenUploader();
    transport.script(1, 'hold');
    const firstRun = uploader.start();
    await until(() => transport.held.length === 1, 'part 1 in flight');

    uploader.pause();
    expect(uploader.getSnapshot().state).toBe('paused');
    expect(stateErrorOf(() => uploader.pause())).toBe('NOT_UPLOADING');
    expect(stateErrorOf(() => uploader.start())).toBe('NOT_IDLE');
    expect((await firstRun).state).toBe('paused');

    // Every other part was stored meanwhile; part 1 was in flight and finishes while pausing.
    expect(uploader.getSnapshot().pausing).toBe(true);
    transport.releaseAll();
    await until(() => !uploader.getSnapshot().pausing, 'the pause to settle');
    const secondRun = uploader.resume();
    expect(uploader.getSnapshot().state).toBe('uploading');
    uploader.pause();
    expect((await secondRun).state).toBe('paused');

    expect((await uploader.retry()).state).toBe('completed');
  });

  it('retries from failed, and only failed uploads or paused ones', async () => {
    const { uploader, transport } = givenUploader();
    transport.script(5, new TransferError('http', 400));
    const failed = await uploader.start();
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'parts_failed', message: 'some parts failed' });
    expect(stateErrorOf(() => uploader.resume())).toBe('NOT_PAUSED');
    expect(stateErrorOf(() => uploader.pause())).toBe('NOT_UPLOADING');
    expect(stateErrorOf(() => uploader.start())).toBe('NOT_IDLE');

    const retried = await uploader.retry();
    expect(retried.state).toBe('completed');
    expect(retried.error).toBeNull();
  });

  it('allows only reset once completed, without aborting the finished upload', async () => {
    const { uploader, transport } = givenUploader();
    await uploader.start();
    expect(stateErrorOf(() => uploader.start())).toBe('NOT_IDLE');
    expect(stateErrorOf(() => uploader.pause())).toBe('NOT_UPLOADING');
    expect(stateErrorOf(() => uploader.resume())).toBe('NOT_PAUSED');
    expect(stateErrorOf(() => uploader.retry())).toBe('NOT_RETRYABLE');
    await expect(uploader.abort()).rejects.toBeInstanceOf(UploaderStateError);

    await uploader.reset();
    expect(uploader.getSnapshot()).toMatchObject({ state: 'idle', percent: 0, result: undefined });
    expect(transport.calls).not.toContain('abort');
  });

  it('cancels to aborted: server-side abort, saved progress dropped, error cancelled', async () => {
    const { uploader, transport, file } = givenUploader();
    transport.script(4, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 4 in flight');
    expect(localStorage.getItem(keyOf(file))).not.toBeNull();

    await uploader.abort();
    const snapshot = uploader.getSnapshot();
    expect(snapshot.state).toBe('aborted');
    expect(snapshot.error).toEqual({ code: 'cancelled', message: 'request cancelled by user' });
    expect((await run).state).toBe('aborted');
    expect(transport.calls).toContain('abort');
    expect(transport.uploads.size).toBe(0);
    expect(localStorage.getItem(keyOf(file))).toBeNull();
    expect(stateErrorOf(() => uploader.resume())).toBe('NOT_PAUSED');
    expect(stateErrorOf(() => uploader.retry())).toBe('NOT_RETRYABLE');

    // Reset after a cancel does not abort twice, and the file can then start afresh.
    await uploader.reset();
    expect(transport.calls.filter((call) => call === 'abort')).toHaveLength(1);
    expect((await uploader.start()).state).toBe('completed');
    expect(transport.calls.filter((call) => call === 'init')).toHaveLength(2);
  });

  it('resets from uploading: aborts server-side, clears saved progress, back to idle', async () => {
    const { uploader, transport, file } = givenUploader();
    transport.script(2, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 2 in flight');

    await uploader.reset();
    expect(uploader.getSnapshot()).toMatchObject({
      state: 'idle',
      loaded: 0,
      parts: { total: 0, completed: 0 },
      fileId: null,
      error: null,
    });
    expect((await run).state).toBe('idle');
    expect(transport.calls).toContain('abort');
    expect(transport.uploads.size).toBe(0);
    expect(localStorage.getItem(keyOf(file))).toBeNull();
    expect(transport.held).toHaveLength(0);
  });

  it('aborts an upload that init created after the user had already reset', async () => {
    const { uploader, transport } = givenUploader();
    const pending: { answerInit?: () => void } = {};
    const realInit = transport.init.bind(transport);
    transport.init = (file) =>
      new Promise((resolve) => {
        // The answer arrives even though the request was cancelled (it crossed on the wire).
        pending.answerInit = () => resolve(realInit(file, new AbortController().signal));
      });
    const run = uploader.start();
    await until(() => pending.answerInit !== undefined, 'init sent');
    await uploader.reset();
    expect(transport.calls).not.toContain('abort');
    pending.answerInit?.();
    await run;
    await until(() => transport.calls.includes('abort'), 'late upload aborted');
    expect(uploader.getSnapshot().state).toBe('idle');
    expect(transport.uploads.size).toBe(0);
  });

  it('keeps the upload that init creates after a pause, and resumes it', async () => {
    const { uploader, transport } = givenUploader();
    const answers = holdInits(transport);
    const run = uploader.start();
    await until(() => answers.length === 1, 'init sent');
    uploader.pause();
    await run;
    answers[0]?.();
    await until(() => uploader.getSnapshot().fileId === 'file-1', 'late session kept');

    expect((await uploader.resume()).state).toBe('completed');
    expect(transport.calls.filter((call) => call === 'init' || call === 'resume')).toEqual([
      'init',
      'resume',
    ]);
    expect(transport.calls).not.toContain('abort');
  });

  it('leaves one server upload when paused and resumed while init was pending', async () => {
    const { uploader, transport } = givenUploader();
    const answers = holdInits(transport);
    const first = uploader.start();
    await until(() => answers.length === 1, 'first init sent');
    uploader.pause();
    await first;
    const second = uploader.resume();
    await until(() => answers.length === 2, 'second init sent');
    // The paused run's answer arrives late, after the newer run asked again.
    answers[0]?.();
    await until(() => transport.calls.includes('abort'), 'stale upload aborted');
    answers[1]?.();

    const result = await second;
    expect(result).toMatchObject({ state: 'completed', fileId: 'file-2' });
    expect(transport.uploads.size).toBe(0);
  });

  it('shows part statuses: pending, uploading, completed and failed', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    transport.script(1, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 1 in flight');
    const statuses = uploader.chunkInfo().map((chunk) => chunk.status);
    expect(statuses[0]).toBe('uploading');
    expect(statuses.slice(1).every((status) => status === 'pending')).toBe(true);

    transport.script(2, new TransferError('http', 403), new TransferError('http', 403));
    transport.releaseAll();
    await run;
    const [first, second, third] = uploader.chunkInfo();
    expect(first?.status).toBe('completed');
    expect(second).toMatchObject({ status: 'failed', error: { code: 'http', status: 403 } });
    // After a part gives up no new part starts.
    expect(third?.status).toBe('pending');
  });
});
