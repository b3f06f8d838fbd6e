import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFsUploadTokens, type FsUploadClaims } from './fs-upload-token.js';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const claims: FsUploadClaims = {
  cfg: 'cfg-1',
  key: 'docs/a.bin',
  uid: 'storage-upload-id',
  by: 'apikey:k1',
  size: 10,
  ps: 5,
  exp: NOW.getTime() + 60_000,
};

describe('file-system multipart upload ids', () => {
  const tokens = createFsUploadTokens(randomBytes(32));

  it('opens the id it issued, with its claims', () => {
    expect(tokens.open(tokens.issue(claims), NOW)).toEqual(claims);
  });

  it('refuses an altered, re-signed elsewhere, expired or malformed id', () => {
    const token = tokens.issue(claims);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, key: 'other.bin' })).toString(
      'base64url',
    );
    expect(tokens.open(`${forged}.${signature}`, NOW)).toBeNull();
    // One character of the signature changed (never to itself: 'A' ends 1 in 64 signatures).
    const altered = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(tokens.open(`${payload}.${altered}`, NOW)).toBeNull();
    expect(createFsUploadTokens(randomBytes(32)).open(token, NOW)).toBeNull();
    expect(tokens.open(token, new Date(claims.exp))).toBeNull();
    for (const bad of ['', 'x', `${token}.more`, '.', `${payload}.`]) {
      expect(tokens.open(bad, NOW)).toBeNull();
    }
  });
});
