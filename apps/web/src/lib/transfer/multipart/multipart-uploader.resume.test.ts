import { UPLOAD_STATE_TTL_MS } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import {
  parseSavedUpload,
  savedUploadKey,
  uploadFingerprint,
  writeSavedUpload,
  type SavedUpload,
} from './saved-uploads';
import {
  FakeClock,
  FakeTransport,
  givenUploader,
  makeFile,
  PART_SIZE,
  SCOPE,
  until,
} from '../../../test/kits/multipart-kit';
import { TransferError } from './transfer-error';

const keyOf = (file: File, scope = SCOPE) => savedUploadKey(uploadFingerprint(file, scope));

function savedOf(file: File): SavedUpload | undefined {
  const raw = localStorage.getItem(keyOf(file));
  return raw === null ? undefined : parseSavedUpload(raw);
}

/** Sent part numbers after the first `from` requests. */
const sentSince = (transport: FakeTransport, from: number) =>
  transport
    .sentParts()
    .slice(from)
    .sort((a, b) => a - b);

describe('MultipartUploader pause and resume', () => {
  it('lets parts in flight finish on pause, records them, and resumes only the rest', async () => {
    const { uploader, transport, file } = givenUploader();
    transport.script(3, 'hold').script(4, 'hold').script(5, 'hold');
    const run = uploader.start();
    // 1 and 2 are stored, then 3, 4, 5 are held in flight.
    await until(() => transport.held.length === 3, 'parts 3-5 in flight');

    uploader.pause();
    expect((await run).state).toBe('paused');
    // Nothing in flight is thrown away, and nothing new starts.
    expect(transport.held).toHaveLength(3);
    expect(uploader.getSnapshot()).toMatchObject({ state: 'paused', pausing: true, speed: 0 });
    const afterPause = transport.sentParts().length;
    expect(afterPause).toBe(5);

    transport.releaseAll();
    await until(() => !uploader.getSnapshot().pausing, 'the pause to settle');
    expect(transport.sentParts()).toHaveLength(afterPause);
    const snapshot = uploader.getSnapshot();
    // What is shown after the pause is what storage holds: five whole parts.
    expect(snapshot).toMatchObject({ state: 'paused', loaded: 5 * PART_SIZE, percent: 52 });
    expect(snapshot.parts).toMatchObject({ completed: 5, uploading: 0 });
    const saved = JSON.parse(localStorage.getItem(keyOf(file)) ?? 'null') as {
      parts: { partNumber: number }[];
    };
    expect(saved.parts.map((part) => part.partNumber)).toEqual([1, 2, 3, 4, 5]);

    const resumed = await uploader.resume();
    expect(resumed.state).toBe('completed');
    expect(sentSince(transport, afterPause)).toEqual([6, 7, 8, 9, 10]);
  });

  it('sends again only a part whose request failed while pausing', async () => {
    const { uploader, transport } = givenUploader();
    transport.script(3, 'hold').script(4, 'hold').script(5, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 3, 'parts 3-5 in flight');
    uploader.pause();
    await run;
    transport.held[0]?.fail(new TransferError('network'));
    transport.releaseAll();
    await until(() => !uploader.getSnapshot().pausing, 'the pause to settle');
    expect(uploader.getSnapshot().parts).toMatchObject({ completed: 4, uploading: 0 });
    expect(uploader.getSnapshot().via).toBe('direct');
    const before = transport.sentParts().length;
    expect((await uploader.resume()).state).toBe('completed');
    expect(sentSince(transport, before)).toEqual([3, 6, 7, 8, 9, 10]);
  });

  it('waits for the parts still finishing when resumed during the pause', async () => {
    const { uploader, transport } = givenUploader();
    transport.script(3, 'hold').script(4, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 2, 'parts 3-4 in flight');
    uploader.pause();
    await run;
    const afterPause = transport.sentParts().length;
    const resumed = uploader.resume();
    await until(() => true);
    // The new run has not asked for anything while parts 3 and 4 were still finishing.
    expect(transport.sentParts()).toHaveLength(afterPause);
    transport.releaseAll();
    expect((await resumed).state).toBe('completed');
    const sent = sentSince(transport, afterPause);
    expect(sent).not.toContain(3);
    expect(sent).not.toContain(4);
    expect(transport.sentParts().filter((part) => part === 3)).toHaveLength(1);
  });

  it('throws the parts in flight away when an upload is cancelled while pausing', async () => {
    const { uploader, transport } = givenUploader();
    transport.script(3, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 3 in flight');
    uploader.pause();
    await run;
    await uploader.abort();
    expect(transport.held).toHaveLength(0);
    expect(transport.inFlight).toBe(0);
    expect(uploader.getSnapshot()).toMatchObject({ state: 'aborted', pausing: false });
  });

  it('asks for fresh part URLs on resume', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    transport.script(2, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 2 in flight');
    uploader.pause();
    await run;
    // Part 2's request fails while pausing, so resuming sends it again, to a fresh URL.
    transport.failAll(new TransferError('http', 500));
    await uploader.resume();
    const part2 = transport.putUrls.filter((url) => url.includes('/2?'));
    expect(part2).toHaveLength(2);
    expect(part2[1]).not.toBe(part2[0]);
  });

  it('trusts the server part list on resume over what it stored itself', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    transport.script(4, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 4 in flight');
    uploader.pause();
    await run;
    transport.releaseAll();
    await until(() => !uploader.getSnapshot().pausing, 'the pause to settle');
    // The server lost part 2 (and somehow holds 7).
    transport.uploads.get('up-1')?.parts.delete(2);
    transport.storeParts('up-1', [7]);
    const before = transport.sentParts().length;
    expect((await uploader.resume()).state).toBe('completed');
    expect(sentSince(transport, before)).toEqual([2, 5, 6, 8, 9, 10]);
  });
});

describe('MultipartUploader saved progress (page reload)', () => {
  it('saves {fileId, uploadId, uploadSecret, partSize, partCount, parts, savedAt} after every part', async () => {
    const { uploader, transport, file, clock } = givenUploader({ concurrency: 1 });
    transport.script(3, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 3 in flight');
    expect(JSON.parse(localStorage.getItem(keyOf(file)) ?? 'null')).toEqual({
      fileId: 'file-1',
      uploadId: 'up-1',
      uploadSecret: 'secret-1',
      partSize: PART_SIZE,
      partCount: 10,
      parts: [
        { partNumber: 1, etag: 'etag-1', size: 10 },
        { partNumber: 2, etag: 'etag-2', size: 10 },
      ],
      savedAt: clock.now(),
    });
    transport.releaseAll();
    await run;
  });

  it('resumes from a reload: a new uploader sends only the parts the server lacks', async () => {
    const first = givenUploader({ concurrency: 1 });
    first.transport.script(5, 'hold');
    void first.uploader.start();
    await until(() => first.transport.held.length === 1, 'part 5 in flight');
    // The page goes away mid-part.
    first.uploader.dispose();
    expect(savedOf(first.file)?.parts.map((part) => part.partNumber)).toEqual([1, 2, 3, 4]);

    const file = makeFile(95);
    const second = givenUploader({ transport: first.transport, clock: first.clock, file });
    const before = first.transport.calls.length;
    const result = await second.uploader.start();
    expect(result.state).toBe('completed');
    expect(first.transport.calls[before]).toBe('resume');
    // The reloaded page presents the secret the init answered, kept with the saved progress.
    expect(first.transport.resumeSecrets).toEqual(['secret-1']);
    expect(first.transport.calls).not.toContain('abort');
    expect(first.transport.calls.filter((call) => call === 'init')).toHaveLength(1);
    expect(sentSince(first.transport, 5)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(localStorage.getItem(keyOf(file))).toBeNull();
  });

  it("lets the server's list win over the saved one after a reload", async () => {
    const first = givenUploader({ concurrency: 1 });
    first.transport.script(5, 'hold');
    void first.uploader.start();
    await until(() => first.transport.held.length === 1, 'part 5 in flight');
    first.uploader.dispose();
    // Saved: 1-4. Server: 1, 3 and 8 (it lost 2 and 4, and got 8 from elsewhere).
    const server = first.transport.uploads.get('up-1');
    server?.parts.delete(2);
    server?.parts.delete(4);
    first.transport.storeParts('up-1', [8]);

    const second = givenUploader({ transport: first.transport, clock: first.clock });
    const before = first.transport.sentParts().length;
    expect((await second.uploader.start()).state).toBe('completed');
    expect(sentSince(first.transport, before)).toEqual([2, 4, 5, 6, 7, 9, 10]);
  });

  it('starts over with init when the saved upload is gone from the server (404)', async () => {
    const first = givenUploader({ concurrency: 1 });
    first.transport.script(3, 'hold');
    void first.uploader.start();
    await until(() => first.transport.held.length === 1, 'part 3 in flight');
    first.uploader.dispose();
    first.transport.uploads.clear();

    const second = givenUploader({ transport: first.transport, clock: first.clock });
    const before = first.transport.calls.length;
    const result = await second.uploader.start();
    expect(result.state).toBe('completed');
    expect(first.transport.calls.slice(before, before + 2)).toEqual(['resume', 'init']);
    expect(result.fileId).toBe('file-2');
    expect(sentSince(first.transport, first.transport.sentParts().length - 10)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('fails (keeping the saved progress) when resume fails for another reason', async () => {
    const first = givenUploader({ concurrency: 1 });
    first.transport.script(3, 'hold');
    void first.uploader.start();
    await until(() => first.transport.held.length === 1, 'part 3 in flight');
    first.uploader.dispose();

    const second = givenUploader({ transport: first.transport, clock: first.clock });
    first.transport.resumeFailures.push(new TransferError('http', 403));
    const result = await second.uploader.start();
    expect(result.error).toMatchObject({ code: 'http', status: 403 });
    expect(first.transport.calls.filter((call) => call === 'init')).toHaveLength(1);
    expect(savedOf(second.file)?.uploadId).toBe('up-1');
  });

  it('discards saved progress older than 24 h and starts a new upload', async () => {
    const clock = new FakeClock();
    const transport = new FakeTransport(PART_SIZE);
    const file = makeFile(95);
    const session = await transport.init(file, new AbortController().signal);
    writeSavedUpload(keyOf(file), {
      fileId: session.fileId,
      uploadId: session.uploadId,
      partSize: PART_SIZE,
      partCount: 10,
      parts: [],
      savedAt: clock.now() - UPLOAD_STATE_TTL_MS,
    });
    const { uploader } = givenUploader({ transport, clock, file });
    const result = await uploader.start();
    expect(result.state).toBe('completed');
    expect(transport.calls).toEqual(expect.arrayContaining(['init']));
    expect(transport.calls).not.toContain('resume');
    expect(result.fileId).toBe('file-2');
  });

  it('still resumes progress saved just under 24 h ago', async () => {
    const clock = new FakeClock();
    const transport = new FakeTransport(PART_SIZE);
    const file = makeFile(95);
    const session = await transport.init(file, new AbortController().signal);
    transport.storeParts(session.uploadId, [1, 2, 3]);
    writeSavedUpload(keyOf(file), {
      fileId: session.fileId,
      uploadId: session.uploadId,
      partSize: PART_SIZE,
      partCount: 10,
      parts: [],
      savedAt: clock.now() - UPLOAD_STATE_TTL_MS + 1,
    });
    const { uploader } = givenUploader({ transport, clock, file });
    expect((await uploader.start()).state).toBe('completed');
    expect(transport.calls.slice(0, 2)).toEqual(['init', 'resume']);
    expect(transport.sentParts().sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps progress apart per scope and per file', async () => {
    const first = givenUploader({ concurrency: 1 });
    first.transport.script(3, 'hold');
    void first.uploader.start();
    await until(() => first.transport.held.length === 1, 'part 3 in flight');
    first.uploader.dispose();

    const otherScope = givenUploader({ transport: first.transport, scope: 'storage-2' });
    await otherScope.uploader.start();
    const renamed = givenUploader({ transport: first.transport, file: makeFile(95, 'other.mkv') });
    await renamed.uploader.start();
    expect(first.transport.calls.filter((call) => call === 'init')).toHaveLength(3);
    expect(first.transport.calls).not.toContain('resume');
  });

  it('reset from idle aborts and forgets an upload a previous page left behind', async () => {
    const first = givenUploader({ concurrency: 1 });
    first.transport.script(3, 'hold');
    void first.uploader.start();
    await until(() => first.transport.held.length === 1, 'part 3 in flight');
    first.uploader.dispose();

    const second = givenUploader({ transport: first.transport });
    await second.uploader.reset();
    expect(first.transport.calls.at(-1)).toBe('abort');
    expect(first.transport.uploads.size).toBe(0);
    expect(localStorage.getItem(keyOf(second.file))).toBeNull();
  });
});
