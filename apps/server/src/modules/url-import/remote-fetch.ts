import { Transform } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import { safeFetch, type SafeFetchOptions, type SafeResponse } from '../../net/index.js';

/**
 * How names resolve and which addresses are allowed beyond the public ones (safeFetch's
 * `resolve` and `allowAddresses`). Production uses the defaults; tests let a loopback server
 * stand in for a public host.
 */
export type AddressAllowances = Pick<SafeFetchOptions, 'resolve' | 'allowAddresses'>;

export interface RemoteFetchOptions {
  method: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Body cap (see safeFetch). */
  maxBytes?: number;
  /** Cap on the whole fetch, body included. */
  totalTimeoutMs: number;
  /** Cap on the wait for the response head: DNS, connect, redirects, headers. */
  headersTimeoutMs: number;
  signal?: AbortSignal;
}

export type RemoteFetcher = (url: string, options: RemoteFetchOptions) => Promise<SafeResponse>;

/** Every fetch of this module goes through safeFetch (the SSRF guard); this adds a head timeout. */
export function createRemoteFetcher(allowances: AddressAllowances = {}): RemoteFetcher {
  return async (url, options) => {
    const head = new AbortController();
    const timer = setTimeout(
      () => head.abort(noAnswer(options.headersTimeoutMs)),
      options.headersTimeoutMs,
    );
    const signal = options.signal ? AbortSignal.any([options.signal, head.signal]) : head.signal;
    try {
      return await safeFetch(url, {
        method: options.method,
        headers: options.headers ?? {},
        timeoutMs: options.totalTimeoutMs,
        signal,
        ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
        ...(allowances.resolve ? { resolve: allowances.resolve } : {}),
        ...(allowances.allowAddresses ? { allowAddresses: allowances.allowAddresses } : {}),
      });
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * A pass-through that reports each chunk and fails with UPSTREAM_TIMEOUT when no byte has
 * moved for `idleMs`: a transfer may take hours, but a stalled one must not hold a slot (and a
 * socket) until the total cap.
 */
export function createTransferWatch(options: {
  idleMs: number;
  onBytes?: (count: number) => void;
}): Transform {
  let timer: NodeJS.Timeout | undefined;
  const disarm = (): void => clearTimeout(timer);
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      arm();
      options.onBytes?.(chunk.length);
      callback(null, chunk);
    },
    flush(callback) {
      disarm();
      callback();
    },
    destroy(error, callback) {
      disarm();
      callback(error);
    },
  });
  function arm(): void {
    disarm();
    timer = setTimeout(() => watch.destroy(stalled(options.idleMs)), options.idleMs);
    timer.unref();
  }
  arm();
  return watch;
}

function noAnswer(timeoutMs: number): AppError {
  return new AppError(
    'UPSTREAM_TIMEOUT',
    `the remote server did not answer within ${Math.round(timeoutMs / 1000)} s`,
  );
}

function stalled(idleMs: number): AppError {
  return new AppError(
    'UPSTREAM_TIMEOUT',
    `the remote server sent nothing for ${Math.round(idleMs / 1000)} s`,
  );
}

/** A non-2xx answer of the remote server: the URL cannot be imported as it is. */
export function remoteStatusError(status: number): AppError {
  return new AppError('UPSTREAM_FAILED', `the remote server answered HTTP ${status}`, {
    data: { status },
  });
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
