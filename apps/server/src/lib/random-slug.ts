import { randomFillSync } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Largest multiple of 62 below 256: bytes at or above it are dropped, so no letter is favoured. */
const UNBIASED_LIMIT = 248;

// Bytes are drawn from the CSPRNG in blocks: one call per slug costs more than the slug.
const pool = Buffer.alloc(4096);
let position = pool.length;

function nextByte(): number {
  if (position === pool.length) {
    randomFillSync(pool);
    position = 0;
  }
  const byte = pool[position] as number;
  // Each byte is used once.
  pool[position] = 0;
  position += 1;
  return byte;
}

/** A random slug of `length` base62 characters from the CSPRNG, without modulo bias. */
export function randomSlug(length = 8): string {
  let out = '';
  while (out.length < length) {
    const byte = nextByte();
    if (byte < UNBIASED_LIMIT) out += BASE62[byte % 62];
  }
  return out;
}
