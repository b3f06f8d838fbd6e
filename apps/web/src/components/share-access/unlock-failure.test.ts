import { describe, expect, it } from 'vitest';
import { ApiError, describeApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import { unlockFailureOf } from './unlock-failure';

const t = createI18n('en').t;
const request = { context: 'password-verification', transport: 'fetch', method: 'POST' } as const;
const answer = (status: number, retryAfterSeconds?: number) =>
  new ApiError({ ...request, url: '/api/paste/x', kind: 'http', status, retryAfterSeconds });

describe('unlockFailureOf', () => {
  it('puts a wrong password on the field', () => {
    const error = answer(401);
    expect(unlockFailureOf(error, 'pasteView.unlock', t, 'en')).toEqual({
      on: 'field',
      message: describeApiError(error, t),
    });
  });

  it('says how long to wait after too many tries, when the server said', () => {
    expect(unlockFailureOf(answer(429, 90), 'file.unlock', t, 'en')).toEqual({
      on: 'field',
      message: 'Too many wrong passwords. Try again in 2 minutes.',
    });
    expect(unlockFailureOf(answer(429), 'file.unlock', t, 'en').message).toBe(
      'Too many wrong passwords. Wait a moment and try again.',
    );
  });

  it('puts anything else beside the form, with the way to try again', () => {
    const error = answer(500);
    expect(unlockFailureOf(error, 'file.unlock', t, 'en')).toEqual({
      on: 'form',
      message: `${describeApiError(error, t)} Press Unlock to try again.`,
    });
  });
});
