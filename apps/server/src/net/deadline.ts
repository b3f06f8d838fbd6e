import { upstreamTimeout } from './fetch-errors.js';

/** One abort signal for a whole fetch: fires on the time cap or when the caller aborts. */
export interface Deadline {
  /** Its `reason` is the error to report: UPSTREAM_TIMEOUT, or the caller's own reason. */
  readonly signal: AbortSignal;
  /** Stops the timer and forgets the caller's signal; call once the fetch is fully over. */
  dispose(): void;
}

/**
 * Starts the total time cap of a fetch. The reason travels with the signal so every phase
 * (DNS, connect, headers, body) reports the same error without having to guess why a socket
 * was torn down.
 */
export function startDeadline(timeoutMs: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(upstreamTimeout(timeoutMs)), timeoutMs);
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as it aborts. Used for
 * steps that cannot be cancelled themselves (dns.lookup runs in the thread pool).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(reasonOf(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(reasonOf(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The reason as an Error, so rejections always carry a stack and an `instanceof` check works. */
export function reasonOf(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('the fetch was aborted', { cause: reason });
}
