import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import {
  chunkErrorOf,
  isGone,
  isRetryable,
  TransferError,
  transferFailureOf,
} from './transfer-error';

const apiError = (kind: 'http' | 'network' | 'timeout' | 'aborted', status?: number) =>
  new ApiError({
    kind,
    status,
    context: 'file',
    transport: 'upload',
    method: 'POST',
    url: '/api/upload/multipart/part',
    retryAfterSeconds: kind === 'http' && status === 429 ? 5 : undefined,
  });

describe('transferFailureOf', () => {
  it.each([
    ['TransferError http', new TransferError('http', 503), { kind: 'http', status: 503 }],
    ['TransferError network', new TransferError('network'), { kind: 'network', status: 0 }],
    ['ApiError http', apiError('http', 404), { kind: 'http', status: 404 }],
    ['ApiError 429', apiError('http', 429), { kind: 'http', status: 429, retryAfterMs: 5000 }],
    ['ApiError network', apiError('network'), { kind: 'network', status: 0 }],
    ['ApiError timeout', apiError('timeout'), { kind: 'timeout', status: 0 }],
    ['ApiError aborted', apiError('aborted'), { kind: 'abort', status: 0 }],
    ['AbortError', new DOMException('aborted', 'AbortError'), { kind: 'abort', status: 0 }],
    ['TimeoutError', new DOMException('slow', 'TimeoutError'), { kind: 'timeout', status: 0 }],
    ['fetch TypeError', new TypeError('Failed to fetch'), { kind: 'network', status: 0 }],
    ['an object with a status', { status: 410 }, { kind: 'http', status: 410 }],
    ['an unreadable answer', new SyntaxError('bad JSON'), { kind: 'invalid', status: 0 }],
  ])('reads %s', (_what, error, expected) => {
    expect(transferFailureOf(error)).toMatchObject(expected);
  });

  it('gives status 0 to everything but HTTP failures', () => {
    expect(new TransferError('network').status).toBe(0);
    expect(new TransferError('timeout', 504).status).toBe(0);
  });
});

describe('retry and chunk-error rules', () => {
  it.each([
    [{ kind: 'network', status: 0 }, true],
    [{ kind: 'timeout', status: 0 }, true],
    [{ kind: 'http', status: 408 }, true],
    [{ kind: 'http', status: 429 }, true],
    [{ kind: 'http', status: 500 }, true],
    [{ kind: 'http', status: 400 }, false],
    [{ kind: 'http', status: 403 }, false],
    [{ kind: 'http', status: 404 }, false],
    [{ kind: 'abort', status: 0 }, false],
    [{ kind: 'invalid', status: 0 }, false],
  ] as const)('%o retryable: %s', (failure, expected) => {
    expect(isRetryable(failure)).toBe(expected);
  });

  it('maps failures to SPEC §8 chunk errors', () => {
    expect(chunkErrorOf({ kind: 'http', status: 500 })).toEqual({ code: 'http', status: 500 });
    expect(chunkErrorOf({ kind: 'network', status: 0 })).toEqual({ code: 'network' });
    expect(chunkErrorOf({ kind: 'timeout', status: 0 })).toEqual({ code: 'timeout' });
    expect(chunkErrorOf({ kind: 'abort', status: 0 })).toEqual({ code: 'cancelled' });
    expect(chunkErrorOf({ kind: 'invalid', status: 0 })).toBeNull();
  });

  it('treats 404 and 410 as an upload that is gone', () => {
    expect(isGone({ kind: 'http', status: 404 })).toBe(true);
    expect(isGone({ kind: 'http', status: 410 })).toBe(true);
    expect(isGone({ kind: 'http', status: 500 })).toBe(false);
    expect(isGone({ kind: 'network', status: 0 })).toBe(false);
  });
});
