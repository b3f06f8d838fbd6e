import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../api';
import { answersGone, copyInsteadOf, shareExpiryOf } from './fallback';

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

describe('copyInsteadOf', () => {
  it('gives the copy when the device is offline and one exists', async () => {
    await expect(copyInsteadOf(failure('network'), () => Promise.resolve('copy'))).resolves.toBe(
      'copy',
    );
  });

  it('rethrows the failure itself when there is no copy', async () => {
    const error = failure('network');
    await expect(copyInsteadOf(error, () => Promise.resolve(undefined))).rejects.toBe(error);
  });

  it('rethrows an HTTP answer without looking for a copy', async () => {
    const error = failure('http', 500);
    let looked = false;
    const read = () => {
      looked = true;
      return Promise.resolve('copy');
    };
    await expect(copyInsteadOf(error, read)).rejects.toBe(error);
    expect(looked).toBe(false);
  });
});

describe('answersGone and shareExpiryOf', () => {
  it('tells a missing or gone share from other failures', () => {
    expect(answersGone(failure('http', 404))).toBe(true);
    expect(answersGone(failure('http', 410))).toBe(true);
    expect(answersGone(failure('http', 500))).toBe(false);
    expect(answersGone(failure('network'))).toBe(false);
  });

  it('reads a share’s expiry; an unreadable one counts as past', () => {
    expect(shareExpiryOf(null)).toBeUndefined();
    expect(shareExpiryOf('2030-01-01T00:00:00.000Z')).toBe(Date.UTC(2030, 0, 1));
    expect(shareExpiryOf('soon')).toBe(0);
  });
});
