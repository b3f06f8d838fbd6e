import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ERROR_CODES, isErrorCode, statusOf } from './errors.js';
import { errorEnvelopeSchema } from './envelope.js';

describe('error codes', () => {
  it('map every code to an error status the API conventions allow', () => {
    const allowed = [
      400, 401, 403, 404, 405, 409, 410, 412, 413, 415, 416, 422, 423, 429, 500, 502, 503, 504, 507,
    ];
    for (const code of ALL_ERROR_CODES) expect(allowed).toContain(statusOf(code));
  });

  it('are SCREAMING_SNAKE_CASE and listed once', () => {
    expect(new Set(ALL_ERROR_CODES).size).toBe(Object.keys(ERROR_CODES).length);
    for (const code of ALL_ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it('recognises codes arriving over the wire and nothing else', () => {
    expect(isErrorCode('SLUG_TAKEN')).toBe(true);
    expect(isErrorCode('slug_taken')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it('lets the error envelope carry only known codes', () => {
    const base = { code: 404, message: 'x', success: false, data: null };
    expect(errorEnvelopeSchema.safeParse({ ...base, error: 'NOT_FOUND' }).success).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ ...base, error: 'MADE_UP' }).success).toBe(false);
  });
});
