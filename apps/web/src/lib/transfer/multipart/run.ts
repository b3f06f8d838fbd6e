import type { Sleep } from './clock';
import type { ConnectionWatch } from './connection-watch';
import {
  isConnectionFailure,
  isRetryable,
  transferFailureOf,
  type TransferFailure,
} from './transfer-error';
import type { UploadSnapshot } from './types';

/** Why a run ended early; 'settled' marks a run that completed or failed. */
export type StopReason = 'pause' | 'abort' | 'reset' | 'dispose' | 'settled';

/** One uninterrupted stretch of uploading, from start/resume/retry until it stops. */
export interface Run {
  /** Aborts waits, retry delays and server calls: every stop. */
  readonly controller: AbortController;
  /**
   * Aborts part requests in flight: every stop but a pause, which lets them finish (their
   * parts are stored and recorded) before the upload rests.
   */
  readonly requests: AbortController;
  stopReason: StopReason | null;
  /** Settles the promise start/resume/retry returned; later calls are ignored. */
  readonly resolve: (snapshot: UploadSnapshot) => void;
}

/** Unwinds a run that was paused, cancelled or reset; never shown to anyone. */
export class RunStopped extends Error {}

export function createRun(): { run: Run; done: Promise<UploadSnapshot> } {
  let resolve: (snapshot: UploadSnapshot) => void = () => undefined;
  const done = new Promise<UploadSnapshot>((settle) => (resolve = settle));
  const run = {
    controller: new AbortController(),
    requests: new AbortController(),
    stopReason: null,
    resolve,
  };
  return { run, done };
}

/** Throws RunStopped once the run was stopped, so late answers change nothing. */
export function assertLive(run: Run): void {
  if (run.stopReason !== null) throw new RunStopped();
}

/** SPEC §9: up to 3 retries, 1000 ms × the retry number apart. */
export interface RetryPolicy {
  maxRetries: number;
  retryDelayMs: number;
  sleep: Sleep;
}

/** The wait before a retry; a Retry-After from the server can only make it longer. */
export function retryDelay(policy: RetryPolicy, retry: number, failure: TransferFailure): number {
  return Math.max(policy.retryDelayMs * retry, failure.retryAfterMs ?? 0);
}

/**
 * A server call (init, resume, complete) under the part retry policy: transient failures
 * are retried, and failures caused by going offline wait for the connection for free.
 */
export async function withRetries<T>(
  run: Run,
  policy: RetryPolicy,
  watch: ConnectionWatch,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { signal } = run.controller;
  let retries = 0;
  for (;;) {
    await watch.untilOnline(signal);
    assertLive(run);
    const mark = watch.mark();
    try {
      return await call(signal);
    } catch (error) {
      assertLive(run);
      const failure = transferFailureOf(error);
      if (isConnectionFailure(failure) && watch.lostSince(mark)) continue;
      if (!isRetryable(failure) || retries >= policy.maxRetries) throw error;
      retries += 1;
      await policy.sleep(retryDelay(policy, retries, failure), signal);
    }
  }
}
