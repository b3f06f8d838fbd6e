import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from './encryption.js';

const SECRET = 'an-app-secret-that-is-at-least-32-characters';
const box = createSecretBox(SECRET, 'storage-credentials');

/** Flips one bit of the byte at `index` of a sealed value's payload. */
function flipByte(sealed: string, index: number): string {
  const prefix = 'enc:v1:';
  const raw = Buffer.from(sealed.slice(prefix.length), 'base64url');
  raw[index] = (raw[index] ?? 0) ^ 0x01;
  return prefix + raw.toString('base64url');
}

describe('secret box (AES-256-GCM)', () => {
  it('round-trips a secret under a versioned prefix, never containing the plaintext', () => {
    const sealed = box.seal('wJalrXUtnFEMI/K7MDENG', 'config-1');
    expect(sealed.startsWith('enc:v1:')).toBe(true);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('wJalrXUtnFEMI');
    expect(box.open(sealed, 'config-1')).toBe('wJalrXUtnFEMI/K7MDENG');
  });

  it('uses a fresh IV each time, so equal secrets seal differently', () => {
    const a = box.seal('same', 'c');
    const b = box.seal('same', 'c');
    expect(a).not.toBe(b);
    expect(Buffer.from(a.slice(7), 'base64url').subarray(0, 12)).not.toEqual(
      Buffer.from(b.slice(7), 'base64url').subarray(0, 12),
    );
  });

  it.each([
    ['the IV', 0],
    ['the ciphertext', 13],
    ['the tag', -1],
  ])('refuses a value whose %s was altered', (_part, index) => {
    const sealed = box.seal('top secret', 'config-1');
    const length = Buffer.from(sealed.slice(7), 'base64url').length;
    expect(() =>
      box.open(flipByte(sealed, index < 0 ? length + index : index), 'config-1'),
    ).toThrow();
  });

  it('refuses a value moved to another context, or opened with another APP_SECRET or purpose', () => {
    const sealed = box.seal('top secret', 'config-1');
    expect(() => box.open(sealed, 'config-2')).toThrow();
    expect(() =>
      createSecretBox(`${SECRET}x`, 'storage-credentials').open(sealed, 'config-1'),
    ).toThrow();
    expect(() => createSecretBox(SECRET, 'other').open(sealed, 'config-1')).toThrow();
  });

  it('refuses plain and truncated values', () => {
    expect(isSealed('plain-secret')).toBe(false);
    expect(() => box.open('plain-secret', 'c')).toThrow(/not a sealed value/);
    expect(() => box.open('enc:v1:AAAA', 'c')).toThrow(/truncated/);
  });
});
