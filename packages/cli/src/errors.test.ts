import { describe, expect, it } from 'vitest';
import {
  ApiError,
  describeError,
  EXIT,
  exitCodeOf,
  exitCodeOfStatus,
  UsageError,
} from './errors.js';

describe('exit codes', () => {
  it.each([
    [401, EXIT.auth],
    [403, EXIT.auth],
    [404, EXIT.notFound],
    [410, EXIT.notFound],
    [400, EXIT.failure],
    [409, EXIT.failure],
    [500, EXIT.failure],
    [503, EXIT.failure],
  ])('HTTP %i exits %i', (status, code) => {
    expect(exitCodeOfStatus(status)).toBe(code);
    expect(exitCodeOf(new ApiError(status, 'x'))).toBe(code);
  });

  it('a usage error exits 2, anything else 1', () => {
    expect(exitCodeOf(new UsageError('bad'))).toBe(2);
    expect(exitCodeOf(new TypeError('fetch failed'))).toBe(1);
    expect(exitCodeOf('odd')).toBe(1);
  });

  it('reports the server message, its status and the fields it names', () => {
    const error = new ApiError(400, 'validation failed', 'VALIDATION_FAILED', [
      { field: 'slug', message: 'letters, digits, - and _ only' },
    ]);
    expect(describeError(error)).toBe(
      'validation failed (HTTP 400)\n  slug: letters, digits, - and _ only',
    );
  });

  it("shows a network failure's cause", () => {
    const error = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    expect(describeError(error)).toBe('fetch failed: connect ECONNREFUSED');
  });
});
