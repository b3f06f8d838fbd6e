import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.js';
import { mapS3Error } from './s3-errors.js';

const mapped = (error: unknown) => mapS3Error(error, 'a/b.bin') as AppError;

describe('mapS3Error', () => {
  it('maps what S3 names to the domain codes', () => {
    expect(mapped({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } }).code).toBe(
      'NOT_FOUND',
    );
    expect(mapped({ name: 'NoSuchBucket' }).code).toBe('UPSTREAM_FAILED');
    expect(mapped({ name: 'TimeoutError' }).code).toBe('UPSTREAM_TIMEOUT');
    expect(mapped({ name: 'Odd', $metadata: { httpStatusCode: 416 } }).code).toBe(
      'RANGE_NOT_SATISFIABLE',
    );
  });

  it('names a socket failure by its errno, never by a message that may hold internal hosts', () => {
    const reset = Object.assign(new Error('read ECONNRESET 10.1.2.3:9000'), { code: 'ECONNRESET' });
    const error = mapped(reset);
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe('storage request failed: Error ECONNRESET (a/b.bin)');
    expect(error.cause).toBe(reset);
    const odd = Object.assign(new Error('x'), { code: 'not an errno\r\nX: y' });
    expect(mapped(odd).message).toBe('storage request failed: Error (a/b.bin)');
    const closed = Object.assign(new Error('Premature close'), {
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
    expect(mapped(closed).message).toBe(
      'storage request failed: Error ERR_STREAM_PREMATURE_CLOSE (a/b.bin)',
    );
  });

  it('names the HTTP status of a 5xx whose body the SDK could not parse', () => {
    // What the SDK throws for a PUT answered 500 with a plain-text body: a bare Error.
    const unreadable = Object.assign(new Error('@aws-sdk XML parse error: unexpected content'), {
      $metadata: { httpStatusCode: 500 },
    });
    const error = mapped(unreadable);
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe('storage request failed: Error HTTP 500 (a/b.bin)');
  });

  it('passes domain errors and caller aborts through unchanged', () => {
    const own = new AppError('CONFLICT', 'mine');
    expect(mapS3Error(own, 'k')).toBe(own);
    const abort = { name: 'AbortError' };
    expect(mapS3Error(abort, 'k')).toBe(abort);
  });
});
