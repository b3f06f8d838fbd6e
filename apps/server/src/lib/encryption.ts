import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './keys.js';

/**
 * Sealed values start with their format version, so a later format (another cipher, a rotated
 * key) can be told apart from this one and from a plain value stored before encryption.
 */
const PREFIX_V1 = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts and decrypts small secrets (storage credentials) for storage at rest. */
export interface SecretBox {
  /**
   * AES-256-GCM with a random 12-byte IV → `enc:v1:` + base64url(iv ‖ ciphertext ‖ tag).
   * `context` is bound as additional data: the value opens only under the same context
   * (e.g. the row it belongs to), so a sealed value copied to another row is refused.
   */
  seal(plaintext: string, context: string): string;
  /** The plaintext of a sealed value; throws when it was altered or sealed under another key. */
  open(sealed: string, context: string): string;
}

/** True when a stored value is sealed (rather than a plain value from before encryption). */
export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX_V1);
}

/** A SecretBox whose key is derived from APP_SECRET for one purpose. */
export function createSecretBox(appSecret: string, purpose: string): SecretBox {
  const key = deriveKey(appSecret, purpose);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]);
      return PREFIX_V1 + sealed.toString('base64url');
    },

    open(sealed, context) {
      if (!isSealed(sealed)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX_V1.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value is truncated');
      const iv = raw.subarray(0, IV_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
      // final() throws when the tag does not match: altered data, wrong key or wrong context.
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
