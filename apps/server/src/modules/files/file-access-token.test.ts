import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFileAccessTokens, FILE_ACCESS_TOKEN_TTL_MS } from './file-access-token.js';

describe('file access tokens', () => {
  const tokens = createFileAccessTokens(randomBytes(32));
  const now = new Date('2026-11-23T00:00:00Z');

  it('opens the file it was issued for until it expires', () => {
    const { token, expiresAt } = tokens.issue('f1', 'hash', now);
    expect(expiresAt.getTime() - now.getTime()).toBe(FILE_ACCESS_TOKEN_TTL_MS);
    expect(tokens.verify(token, 'f1', 'hash', now)).toBe(true);
    expect(tokens.verify(token, 'f1', 'hash', new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(tokens.verify(token, 'f1', 'hash', expiresAt)).toBe(false);
  });

  it('opens no other file, and nothing once the password changed', () => {
    const { token } = tokens.issue('f1', 'hash', now);
    expect(tokens.verify(token, 'f2', 'hash', now)).toBe(false);
    expect(tokens.verify(token, 'f1', 'new-hash', now)).toBe(false);
  });

  it('refuses forged and malformed tokens', () => {
    const { token } = tokens.issue('f1', 'hash', now);
    const [expiry] = token.split('.');
    const later = (parseInt(expiry ?? '0', 36) + 3_600_000).toString(36);
    expect(tokens.verify(`${later}.${token.split('.')[1]}`, 'f1', 'hash', now)).toBe(false);
    expect(tokens.verify('', 'f1', 'hash', now)).toBe(false);
    expect(tokens.verify('abc', 'f1', 'hash', now)).toBe(false);
    expect(tokens.verify(`${token}.x`, 'f1', 'hash', now)).toBe(false);
    expect(createFileAccessTokens(randomBytes(32)).verify(token, 'f1', 'hash', now)).toBe(false);
  });
});
