import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { ApiErrorInit } from '../../../lib/api/errors';
import { isFinalProblem, pasteProblemOf } from './paste-problem';

function apiError(init: Partial<ApiErrorInit>): ApiError {
  return new ApiError({
    kind: 'http',
    context: 'default',
    transport: 'fetch',
    method: 'GET',
    url: '/api/paste/a',
    ...init,
  });
}

const gone = (rule: string) => ({ field: 'paste', rule, message: 'gone' });

describe('pasteProblemOf', () => {
  it.each([
    [apiError({ status: 404, code: 'NOT_FOUND' }), 'notFound'],
    [apiError({ status: 404 }), 'notFound'],
    [apiError({ status: 404, code: 'ROUTE_NOT_FOUND' }), 'other'],
    [apiError({ status: 410, code: 'GONE', details: [gone('expired')] }), 'expired'],
    [apiError({ status: 410, code: 'GONE', details: [gone('view_limit')] }), 'viewLimit'],
    [apiError({ status: 410, code: 'GONE', details: [gone('something else')] }), 'gone'],
    // The server's wording is never read: only the reason decides.
    [apiError({ status: 410, code: 'GONE', serverMessage: 'this paste has expired' }), 'gone'],
    [apiError({ status: 410, code: 'GONE' }), 'gone'],
    [apiError({ kind: 'network' }), 'network'],
    [apiError({ kind: 'timeout' }), 'network'],
    [apiError({ status: 500, code: 'INTERNAL' }), 'other'],
    [new Error('boom'), 'other'],
  ])('%#: classifies as %s', (error, expected) => {
    expect(pasteProblemOf(error)).toBe(expected);
  });

  it('treats missing and gone as final, failures to ask as retryable', () => {
    expect(isFinalProblem('notFound')).toBe(true);
    expect(isFinalProblem('viewLimit')).toBe(true);
    expect(isFinalProblem('network')).toBe(false);
    expect(isFinalProblem('other')).toBe(false);
  });
});
