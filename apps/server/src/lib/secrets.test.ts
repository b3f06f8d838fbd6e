import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.js';
import { constantTimeEqual, randomToken, sha256Hex } from './secrets.js';

describe('randomToken', () => {
  it('carries the requested entropy in URL-safe characters and never repeats', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken(16)));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken()).toHaveLength(43);
  });
});

describe('sha256Hex and constantTimeEqual', () => {
  it('hashes as SHA-256', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('compares equal and unequal strings of any length', () => {
    expect(constantTimeEqual('secret', 'secret')).toBe(true);
    expect(constantTimeEqual('secret', 'secreT')).toBe(false);
    expect(constantTimeEqual('secret', 'secret-longer')).toBe(false);
  });
});

describe('passwords', () => {
  it('hashes with argon2id, verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'correct horsE')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a malformed stored hash as a mismatch, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('verifies nothing but still does the work for unknown users', async () => {
    expect(await verifyDummyPassword('anything')).toBe(false);
  });
});
