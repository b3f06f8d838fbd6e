/* Fakes for the uploader's tests: a storage-backed transport, a manual clock, connectivity. */
import type { TimerHandle, UploaderClock } from '../../lib/transfer/multipart/clock';
import type { Connectivity } from '../../lib/connectivity';
import {
  MultipartUploader,
  type MultipartUploaderOptions,
} from '../../lib/transfer/multipart/multipart-uploader';
import { partRanges } from '../../lib/transfer/multipart/part-ranges';
import { TransferError } from '../../lib/transfer/multipart/transfer-error';
import type {
  MultipartTransport,
  PartRequestOptions,
  PartTarget,
  ResumeIds,
  StoredPart,
  UploadSession,
} from '../../lib/transfer/multipart/types';

/** Lets every pending promise chain run (a macrotask comes after all queued microtasks). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Polls until the condition holds; fails the test after ~1 s of real time. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let round = 0; round < 200; round += 1) {
    if (condition()) return;
    await settle();
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What the next request for a part does: store it, fail, or wait until released/aborted. */
export type PartOutcome = 'ok' | 'hold' | Error;

interface ServerUpload {
  fileId: string;
  fileSize: number;
  session: UploadSession;
  parts: Map<number, StoredPart>;
}

/** A request waiting for the test: release it, fail it, or report its progress. */
export interface HeldRequest {
  partNumber: number;
  release: () => void;
  fail: (error: Error) => void;
  onProgress: (loadedBytes: number) => void;
}

/**
 * A transport over an in-memory "server": init creates an upload, parts are stored as they
 * arrive, resume answers with the stored list and fresh URLs, complete checks the ETags.
 */
export class FakeTransport implements MultipartTransport {
  /** Every call in order: 'init', 'resume', 'put:3', 'relay:3', 'complete', 'abort'. */
  readonly calls: string[] = [];
  readonly putUrls: string[] = [];
  readonly uploads = new Map<string, ServerUpload>();
  readonly held: HeldRequest[] = [];
  /** The upload secret each resume presented. */
  readonly resumeSecrets: (string | undefined)[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** The ETag putPart resolves with; '' simulates a CORS setup that hides the header. */
  directEtag: (partNumber: number) => string = (partNumber) => `etag-${partNumber}`;
  initFailures: Error[] = [];
  resumeFailures: Error[] = [];
  completeFailures: Error[] = [];
  private readonly partScripts = new Map<number, PartOutcome[]>();
  private uploadCount = 0;
  private urlVersion = 0;

  constructor(private readonly partSize: number) {}

  /** Scripts the next requests of one part; unscripted requests succeed. */
  script(partNumber: number, ...outcomes: PartOutcome[]): this {
    this.partScripts.set(partNumber, [...(this.partScripts.get(partNumber) ?? []), ...outcomes]);
    return this;
  }

  /** Part numbers of every put and relay request, in order. */
  sentParts(): number[] {
    return this.calls
      .filter((call) => call.startsWith('put:') || call.startsWith('relay:'))
      .map((call) => Number(call.split(':')[1]));
  }

  /** Releases every held request (they then store their part). */
  releaseAll(): void {
    for (const request of this.held.splice(0)) request.release();
  }

  /** Seeds the server with parts already stored (e.g. by an earlier page). */
  storeParts(uploadId: string, partNumbers: number[]): void {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new Error(`no upload ${uploadId}`);
    const ranges = partRanges(upload.fileSize, this.partSize);
    for (const partNumber of partNumbers) {
      const size = ranges[partNumber - 1]?.size ?? 0;
      upload.parts.set(partNumber, { partNumber, etag: `etag-${partNumber}`, size });
    }
  }

  private targetsFor(uploadId: string, partCount: number): PartTarget[] {
    this.urlVersion += 1;
    return Array.from({ length: partCount }, (_, index) => ({
      partNumber: index + 1,
      url: `https://s3.test/${uploadId}/${index + 1}?v=${this.urlVersion}`,
      headers: { 'x-amz-acl': 'private' },
    }));
  }

  init(file: File, signal: AbortSignal): Promise<UploadSession> {
    this.calls.push('init');
    const failure = this.initFailures.shift();
    if (failure) return Promise.reject(failure);
    if (signal.aborted) return Promise.reject(new TransferError('abort'));
    this.uploadCount += 1;
    const uploadId = `up-${this.uploadCount}`;
    const partCount = partRanges(file.size, this.partSize).length;
    const session: UploadSession = {
      fileId: `file-${this.uploadCount}`,
      uploadId,
      partSize: this.partSize,
      partCount,
      targets: this.targetsFor(uploadId, partCount),
      uploadSecret: `secret-${this.uploadCount}`,
    };
    this.uploads.set(uploadId, {
      fileId: session.fileId,
      fileSize: file.size,
      session,
      parts: new Map(),
    });
    return Promise.resolve(session);
  }

  resume(
    saved: ResumeIds,
    signal: AbortSignal,
  ): Promise<{ session: UploadSession; parts: StoredPart[] }> {
    this.calls.push('resume');
    this.resumeSecrets.push(saved.uploadSecret);
    const failure = this.resumeFailures.shift();
    if (failure) return Promise.reject(failure);
    if (signal.aborted) return Promise.reject(new TransferError('abort'));
    const upload = this.uploads.get(saved.uploadId);
    if (!upload || upload.fileId !== saved.fileId) {
      return Promise.reject(new TransferError('http', 404));
    }
    const session = {
      ...upload.session,
      targets: this.targetsFor(saved.uploadId, upload.session.partCount),
    };
    const parts = [...upload.parts.values()].sort((a, b) => a.partNumber - b.partNumber);
    return Promise.resolve({ session, parts });
  }

  putPart(target: PartTarget, body: Blob, options: PartRequestOptions): Promise<string> {
    this.putUrls.push(target.url);
    const uploadId = new URL(target.url).pathname.split('/')[1] ?? '';
    return this.transfer('put', uploadId, target.partNumber, body, options);
  }

  relayPart(
    session: UploadSession,
    partNumber: number,
    _isLastPart: boolean,
    body: Blob,
    options: PartRequestOptions,
  ): Promise<string> {
    return this.transfer('relay', session.uploadId, partNumber, body, options);
  }

  complete(
    session: UploadSession,
    parts: { partNumber: number; etag: string }[],
    signal: AbortSignal,
  ): Promise<unknown> {
    this.calls.push('complete');
    const failure = this.completeFailures.shift();
    if (failure) return Promise.reject(failure);
    if (signal.aborted) return Promise.reject(new TransferError('abort'));
    const upload = this.uploads.get(session.uploadId);
    if (!upload) return Promise.reject(new TransferError('http', 404));
    const stored = [...upload.parts.values()];
    const matches =
      parts.length === session.partCount &&
      parts.every((part) => upload.parts.get(part.partNumber)?.etag === part.etag);
    if (!matches || stored.length !== session.partCount) {
      return Promise.reject(new TransferError('http', 400));
    }
    this.uploads.delete(session.uploadId);
    return Promise.resolve({ slug: 'done', fileId: session.fileId });
  }

  abort(session: UploadSession): Promise<void> {
    this.calls.push('abort');
    this.uploads.delete(session.uploadId);
    return Promise.resolve();
  }

  private async transfer(
    kind: 'put' | 'relay',
    uploadId: string,
    partNumber: number,
    body: Blob,
    { signal, onProgress }: PartRequestOptions,
  ): Promise<string> {
    this.calls.push(`${kind}:${partNumber}`);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const outcome = this.partScripts.get(partNumber)?.shift() ?? 'ok';
      if (outcome === 'hold') await this.hold(partNumber, signal, onProgress);
      else await Promise.resolve();
      if (signal.aborted) throw new TransferError('abort');
      if (outcome instanceof Error) throw outcome;
      onProgress(Math.floor(body.size / 2));
      onProgress(body.size);
      const upload = this.uploads.get(uploadId);
      if (!upload) throw new TransferError('http', 404);
      const etag = kind === 'put' ? this.directEtag(partNumber) : `etag-${partNumber}`;
      upload.parts.set(partNumber, { partNumber, etag: `etag-${partNumber}`, size: body.size });
      return etag;
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Fails every held request with the error. */
  failAll(error: Error): void {
    for (const request of this.held.splice(0)) request.fail(error);
  }

  private hold(
    partNumber: number,
    signal: AbortSignal,
    onProgress: (loadedBytes: number) => void,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const request: HeldRequest = { partNumber, release: resolve, fail: reject, onProgress };
      this.held.push(request);
      signal.addEventListener(
        'abort',
        () => {
          const index = this.held.indexOf(request);
          if (index >= 0) this.held.splice(index, 1);
          reject(new TransferError('abort'));
        },
        { once: true },
      );
    });
  }
}

/** A clock that moves only when told to; due timers fire in time order. */
export class FakeClock implements UploaderClock {
  time = 1_800_000_000_000;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;

  now = (): number => this.time;

  setTimeout = (callback: () => void, ms: number): TimerHandle => {
    const id = this.nextId;
    this.nextId += 1;
    this.timers.set(id, { at: this.time + Math.max(0, ms), callback });
    return id as unknown as TimerHandle;
  };

  clearTimeout = (handle: TimerHandle): void => {
    this.timers.delete(handle as unknown as number);
  };

  /** Moves time forward, firing due timers one by one and letting promises run between. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) {
        if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry;
      }
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].callback();
      await settle();
    }
    this.time = target;
    await settle();
  }
}

/** Connectivity switched by the test. */
export class FakeConnectivity implements Connectivity {
  online = true;
  private readonly listeners = new Set<(online: boolean) => void>();

  isOnline = (): boolean => this.online;

  subscribe = (listener: (online: boolean) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get subscribers(): number {
    return this.listeners.size;
  }

  set(online: boolean): void {
    this.online = online;
    for (const listener of [...this.listeners]) listener(online);
  }
}

/** A file of `size` zero bytes with a fixed modification time (part of the fingerprint). */
export function makeFile(size: number, name = 'movie.mkv'): File {
  return new File([new Uint8Array(size)], name, { lastModified: 1_700_000_000_000 });
}

/** Test defaults: 10-byte parts, a 95-byte file (10 parts), instant recorded retry delays. */
export interface Given {
  uploader: MultipartUploader;
  transport: FakeTransport;
  clock: FakeClock;
  connectivity: FakeConnectivity;
  delays: number[];
  file: File;
}

export const PART_SIZE = 10;
export const SCOPE = 'storage-1';

/** Builds an uploader over fakes; pass `transport`/`file` to simulate a second page. */
export function givenUploader(
  overrides: Partial<MultipartUploaderOptions> & {
    transport?: FakeTransport;
    clock?: FakeClock;
    connectivity?: FakeConnectivity;
  } = {},
): Given {
  const transport = overrides.transport ?? new FakeTransport(PART_SIZE);
  const clock = overrides.clock ?? new FakeClock();
  const connectivity = overrides.connectivity ?? new FakeConnectivity();
  const file = overrides.file ?? makeFile(95);
  const delays: number[] = [];
  const uploader = new MultipartUploader({
    scope: SCOPE,
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
    ...overrides,
    file,
    transport,
    clock,
    connectivity,
  });
  return { uploader, transport, clock, connectivity, delays, file };
}
