import { hkdfSync } from 'node:crypto';

/**
 * Derives an independent 32-byte key for one purpose from APP_SECRET, so a key leaked from one
 * use (say, signed storage URLs) reveals nothing about another (say, credential encryption).
 */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'pasteport', purpose, 32));
}
