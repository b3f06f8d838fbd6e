import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../lib/api';
import { shouldRetryQuery } from './query-client';

const failure = (kind: ApiErrorKind, status?: number) =>
  new ApiError({
    kind,
    status,
    context: 'default',
    transport: 'fetch',
    method: 'GET',
    url: '/api/x',
  });

describe('shouldRetryQuery', () => {
  it.each([400, 401, 403, 404, 409, 410, 429])('never retries HTTP %i', (status) => {
    expect(shouldRetryQuery(0, failure('http', status))).toBe(false);
  });

  it('retries 5xx, timeouts and network failures, at most twice', () => {
    expect(shouldRetryQuery(0, failure('http', 503))).toBe(true);
    expect(shouldRetryQuery(1, failure('timeout'))).toBe(true);
    expect(shouldRetryQuery(1, failure('network'))).toBe(true);
    expect(shouldRetryQuery(2, failure('network'))).toBe(false);
  });

  it('never retries a request the user cancelled', () => {
    expect(shouldRetryQuery(0, failure('aborted'))).toBe(false);
  });
});
