import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token carrying `bytes` × 8 bits of entropy (letters, digits, `-`, `_`). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex digest: how session tokens and API keys are stored and looked up. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two secrets without leaking where they differ through timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
