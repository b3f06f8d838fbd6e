import type { Chunk } from './chunk-table';
import type { UploaderClock } from './clock';
import type { ConnectionWatch } from './connection-watch';
import { retryDelay, type RetryPolicy, type Run } from './run';
import {
  chunkErrorOf,
  isConnectionFailure,
  isRetryable,
  TransferError,
  transferFailureOf,
} from './transfer-error';
import type { MultipartTransport, PartRoute, PartTarget, UploadSession } from './types';

/** What sending parts needs from the uploader that owns them. */
export interface PartSenderHost {
  readonly file: File;
  readonly transport: MultipartTransport;
  readonly clock: UploaderClock;
  readonly policy: RetryPolicy;
  readonly watch: ConnectionWatch;
  readonly concurrency: number;
  readonly partTimeoutMs: number;
  session(): UploadSession;
  via(): PartRoute;
  target(partNumber: number): PartTarget | undefined;
  switchToRelay(): void;
  /** Fresh part URLs from the server; false when they could not be had. */
  refreshTargets(run: Run): Promise<boolean>;
  /** Bytes that reached the network (retries included), for the speed. */
  bytesSent(bytes: number): void;
  /** A part is stored: save progress. */
  partStored(): void;
  /** Something about the parts changed that the UI may show (throttled). */
  changed(): void;
}

type PartOutcome = 'stored' | 'failed' | 'stopped';

/**
 * Sends the queued parts with up to `concurrency` workers. After a part gives up no new
 * part starts (the ones in flight finish), so a refused upload does not fire 1000 requests.
 */
export async function sendParts(host: PartSenderHost, run: Run, queue: Chunk[]): Promise<void> {
  let gaveUp = false;
  const worker = async () => {
    while (!gaveUp && run.stopReason === null) {
      const chunk = queue.shift();
      if (!chunk) return;
      if ((await sendPart(host, run, chunk)) === 'failed') gaveUp = true;
    }
  };
  const workers = Math.min(host.concurrency, queue.length);
  await Promise.all(Array.from({ length: workers }, worker));
}

/** One part until stored, given up on, or stopped by a pause/reset. */
async function sendPart(host: PartSenderHost, run: Run, chunk: Chunk): Promise<PartOutcome> {
  let retries = 0;
  let refreshedUrls = false;
  for (;;) {
    await host.watch.untilOnline(run.controller.signal);
    if (run.stopReason !== null) return 'stopped';
    const mark = host.watch.mark();
    const via = host.via();
    try {
      const etag = await attemptPart(host, run, chunk, via);
      // A pause lets parts in flight finish: such a part is recorded like any other, so
      // resuming never sends it again. Any other stop ignores the late answer.
      if (run.stopReason !== null && run.stopReason !== 'pause') return 'stopped';
      host.bytesSent(chunk.size - chunk.loaded);
      chunk.status = 'completed';
      chunk.loaded = chunk.size;
      chunk.etag = etag;
      host.partStored();
      host.changed();
      return 'stored';
    } catch (error) {
      if (run.stopReason !== null) return 'stopped';
      chunk.loaded = 0;
      const failure = transferFailureOf(error);
      // Offline: wait for the connection instead of burning a retry.
      if (isConnectionFailure(failure) && host.watch.lostSince(mark)) continue;
      // Status 0 while online is CORS or a blocked path to storage: relay from now on.
      if (failure.kind === 'network' && via === 'direct') {
        host.switchToRelay();
        continue;
      }
      // An expired presigned URL answers 403: one refresh, then 403 means 403.
      const expired = failure.kind === 'http' && failure.status === 403 && via === 'direct';
      if (expired && !refreshedUrls) {
        refreshedUrls = true;
        if (await host.refreshTargets(run)) continue;
      }
      if (!isRetryable(failure) || retries >= host.policy.maxRetries) {
        chunk.status = 'failed';
        chunk.error = chunkErrorOf(failure);
        host.changed();
        return 'failed';
      }
      retries += 1;
      host.changed();
      await host.policy.sleep(retryDelay(host.policy, retries, failure), run.controller.signal);
    }
  }
}

/** One request for one part, aborted by a cancel/reset (not a pause) or after the part timeout. */
async function attemptPart(
  host: PartSenderHost,
  run: Run,
  chunk: Chunk,
  via: PartRoute,
): Promise<string> {
  const { clock } = host;
  const session = host.session();
  const controller = new AbortController();
  let timedOut = false;
  const cancel = () => controller.abort();
  if (run.requests.signal.aborted) controller.abort();
  run.requests.signal.addEventListener('abort', cancel, { once: true });
  const timer = clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, host.partTimeoutMs);
  chunk.status = 'uploading';
  chunk.loaded = 0;
  chunk.error = null;
  host.changed();
  const body = host.file.slice(chunk.start, chunk.end);
  const options = {
    signal: controller.signal,
    onProgress: (loadedBytes: number) => {
      if (controller.signal.aborted || chunk.status !== 'uploading') return;
      const loaded = Math.min(Math.max(0, loadedBytes), chunk.size);
      if (loaded <= chunk.loaded) return;
      host.bytesSent(loaded - chunk.loaded);
      chunk.loaded = loaded;
      host.changed();
    },
  };
  // Targets are checked when the session is adopted; a part without one can still relay.
  const target = host.target(chunk.partNumber);
  try {
    if (via === 'direct' && target) return await host.transport.putPart(target, body, options);
    const isLastPart = chunk.partNumber === session.partCount;
    return await host.transport.relayPart(session, chunk.partNumber, isLastPart, body, options);
  } catch (error) {
    throw timedOut ? new TransferError('timeout') : error;
  } finally {
    clock.clearTimeout(timer);
    run.requests.signal.removeEventListener('abort', cancel);
  }
}
