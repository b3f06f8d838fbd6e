import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../api';
import { isOfflineFailure } from './network-failure';

function failure(kind: ApiErrorKind, status?: number) {
  return new ApiError({
    kind,
    status,
    context: 'default',
    transport: 'fetch',
    method: 'GET',
    url: '/api/paste/notes',
  });
}

describe('isOfflineFailure', () => {
  it('is true when no answer came (fetch’s network TypeError), online or not', () => {
    expect(isOfflineFailure(failure('network'), true)).toBe(true);
    expect(isOfflineFailure(failure('network'), false)).toBe(true);
  });

  it.each([400, 401, 404, 410, 500, 503])(
    'is false for an HTTP %i answer, even offline',
    (status) => {
      expect(isOfflineFailure(failure('http', status), false)).toBe(false);
    },
  );

  it('counts a timeout only while the browser reports no connection', () => {
    expect(isOfflineFailure(failure('timeout'), true)).toBe(false);
    expect(isOfflineFailure(failure('timeout'), false)).toBe(true);
  });

  it('is false for a call cancelled on purpose, and for errors that are no call’s', () => {
    expect(isOfflineFailure(failure('aborted'), false)).toBe(false);
    expect(isOfflineFailure(new SyntaxError('bad answer'), false)).toBe(false);
  });
});
