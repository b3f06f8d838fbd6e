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
} from './test-fakes';
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
  it('aborts parts in flight on pause, starts no new ones, and resumes only missing parts', async () => {
    const { uploader, transport } = givenUploader();
    transport.script(3, 'hold').script(4, 'hold').script(5, 'hold');
    const run = uploader.start();
    // 1 and 2 are stored, then 3, 4, 5 are held in flight.
    await until(() => transport.held.length === 3, 'parts 3-5 in flight');
    transport.held[0]?.onProgress(6);

    uploader.pause();
    expect((await run).state).toBe('paused');
    expect(transport.held).toHaveLength(0);
    expect(transport.inFlight).toBe(0);
    const afterPause = transport.sentParts().length;
    expect(afterPause).toBe(5);
    const snapshot = uploader.getSnapshot();
    // The aborted attempts' bytes are gone: they restart from 0.
    expect(snapshot.loaded).toBe(2 * PART_SIZE);
    expect(snapshot.parts).toMatchObject({ completed: 2, uploading: 0 });
    expect(
      uploader
        .chunkInfo()
        .slice(2, 5)
        .map((chunk) => chunk.status),
    ).toEqual(['pending', 'pending', 'pending']);
    expect(snapshot.speed).toBe(0);
    await until(() => true);
    expect(transport.sentParts()).toHaveLength(afterPause);

    const resumed = await uploader.resume();
    expect(resumed.state).toBe('completed');
    expect(transport.calls[afterPause + 1]).toBe('resume');
    expect(sentSince(transport, afterPause)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('asks for fresh part URLs on resume', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    transport.script(2, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 2 in flight');
    uploader.pause();
    await run;
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
    // The server lost part 2 (and somehow holds 7).
    transport.uploads.get('up-1')?.parts.delete(2);
    transport.storeParts('up-1', [7]);
    const before = transport.sentParts().length;
    expect((await uploader.resume()).state).toBe('completed');
    expect(sentSince(transport, before)).toEqual([2, 4, 5, 6, 8, 9, 10]);
  });
});

describe('MultipartUploader saved progress (page reload)', () => {
  it('saves {fileId, uploadId, partSize, partCount, parts, savedAt} after every part', async () => {
    const { uploader, transport, file, clock } = givenUploader({ concurrency: 1 });
    transport.script(3, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 3 in flight');
    expect(JSON.parse(localStorage.getItem(keyOf(file)) ?? 'null')).toEqual({
      fileId: 'file-1',
      uploadId: 'up-1',
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
