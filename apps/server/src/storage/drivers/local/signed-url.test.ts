import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.js';
import {
  readUnverifiedStorageId,
  signToken,
  verifyToken,
  type SignedUrlPayload,
} from './signed-url.js';

const key = randomBytes(32);
const now = 1_800_000_000_000;
const payload: SignedUrlPayload = {
  v: 1,
  sid: 'local-1',
  op: 'get',
  key: 'docs/报告.pdf',
  exp: now + 60_000,
  disp: 'attachment',
  fn: '报告.pdf',
};

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  return undefined;
}

describe('signed URL tokens', () => {
  it('round-trips the payload and is URL-safe', () => {
    const token = signToken(key, payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(key, token, 'get', now)).toEqual(payload);
    expect(readUnverifiedStorageId(token)).toBe('local-1');
  });

  it('stays valid up to the expiry instant and refuses after it with PRECONDITION_FAILED', () => {
    const token = signToken(key, payload);
    expect(verifyToken(key, token, 'get', payload.exp).key).toBe(payload.key);
    expect(codeOf(() => verifyToken(key, token, 'get', payload.exp + 1))).toBe(
      'PRECONDITION_FAILED',
    );
  });

  it('refuses a token signed for another operation', () => {
    const token = signToken(key, payload);
    expect(codeOf(() => verifyToken(key, token, 'put', now))).toBe('FORBIDDEN');
    expect(codeOf(() => verifyToken(key, token, 'part', now))).toBe('FORBIDDEN');
  });

  it('refuses a token signed with another key', () => {
    const token = signToken(randomBytes(32), payload);
    expect(codeOf(() => verifyToken(key, token, 'get', now))).toBe('FORBIDDEN');
  });

  it('refuses a tampered payload even when it is otherwise well formed', () => {
    const [, signature] = signToken(key, payload).split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, key: 'secret.txt' })).toString(
      'base64url',
    );
    expect(codeOf(() => verifyToken(key, `${forged}.${signature}`, 'get', now))).toBe('FORBIDDEN');
  });

  it('refuses an extended expiry (tampering wins over expiry)', () => {
    const [, signature] = signToken(key, { ...payload, exp: now - 1 }).split('.');
    const extended = Buffer.from(JSON.stringify({ ...payload, exp: now + 1e9 })).toString(
      'base64url',
    );
    expect(codeOf(() => verifyToken(key, `${extended}.${signature}`, 'get', now))).toBe(
      'FORBIDDEN',
    );
  });

  it.each(['', 'abc', 'a.b.c', `${signToken(key, payload)}x`, `${signToken(key, payload)}=`])(
    'refuses malformed or altered token %#',
    (token) => {
      expect(codeOf(() => verifyToken(key, token, 'get', now))).toBe('FORBIDDEN');
    },
  );

  it('refuses a correctly signed payload of the wrong shape', () => {
    const token = signToken(key, { ...payload, v: 2 } as unknown as SignedUrlPayload);
    expect(codeOf(() => verifyToken(key, token, 'get', now))).toBe('FORBIDDEN');
  });

  it('reads no storage id from garbage', () => {
    expect(readUnverifiedStorageId('!!!')).toBeNull();
    expect(readUnverifiedStorageId('')).toBeNull();
  });
});
