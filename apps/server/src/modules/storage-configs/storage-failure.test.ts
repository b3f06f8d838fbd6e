import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { classifyFailureText, classifyStorageError } from './storage-failure.js';

/** An error shaped like the AWS SDK's: a name, a message and the HTTP status. */
function sdkError(name: string, status: number, message = 'from S3') {
  return Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });
}

/** A driver error wrapping its cause, as mapS3Error and mapFsError do. */
const wrapped = (cause: unknown) =>
  new AppError('UPSTREAM_FAILED', 'storage request failed', { cause });

describe('classifyStorageError', () => {
  it.each([
    ['InvalidAccessKeyId', 403, 'invalid_credentials'],
    ['SignatureDoesNotMatch', 403, 'invalid_credentials'],
    ['AccessDenied', 403, 'access_denied'],
    ['NoSuchBucket', 404, 'bucket_missing'],
    ['PermanentRedirect', 301, 'wrong_region'],
    ['Unknown', 403, 'access_denied'],
    ['InternalError', 500, 'other'],
  ])(
    'reads %s (%i) inside a driver error as %s, keeping the storage words',
    (name, status, reason) => {
      expect(classifyStorageError(wrapped(sdkError(name, status)), 's3')).toEqual({
        reason,
        detail: `${name}: from S3`,
      });
    },
  );

  it('finds socket errors under the SDK error and timeouts by name', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    expect(
      classifyStorageError(wrapped(new Error('fetch failed', { cause: socket })), 's3'),
    ).toEqual({
      reason: 'unreachable',
      detail: 'connect ECONNREFUSED 127.0.0.1:1',
    });
    expect(classifyStorageError(new DOMException('late', 'TimeoutError'), 's3').reason).toBe(
      'timeout',
    );
  });

  it('puts local disk problems on the root folder', () => {
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    expect(classifyStorageError(wrapped(denied), 'local').reason).toBe('local_root');
    expect(
      classifyStorageError(new AppError('SERVICE_UNAVAILABLE', 'root is missing'), 'local').reason,
    ).toBe('local_root');
    expect(classifyStorageError(new AppError('SERVICE_UNAVAILABLE', 'down'), 's3').reason).toBe(
      'other',
    );
  });
});

describe('classifyFailureText', () => {
  it('finds the S3 error name in a message', () => {
    expect(classifyFailureText('AccessDenied: Access Denied', 's3').reason).toBe('access_denied');
    expect(
      classifyFailureText('storage request failed: InvalidAccessKeyId (delete)', 's3').reason,
    ).toBe('invalid_credentials');
    expect(classifyFailureText('something odd', 's3')).toEqual({
      reason: 'other',
      detail: 'something odd',
    });
    expect(classifyFailureText('ENOENT: no such directory', 'local').reason).toBe('local_root');
  });
});
