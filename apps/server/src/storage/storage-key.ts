import {
  hasControlCharacter,
  hasLoneSurrogate,
  MAX_SEGMENT_BYTES,
  segmentProblem,
  type SegmentProblem,
  utf8Bytes,
} from '@pasteport/contract';
import { AppError } from '../lib/app-error.js';

/** S3's own limit on a key, in UTF-8 bytes; keys must stay portable between drivers. */
export const STORAGE_KEY_MAX_BYTES = 1024;
/** A common filesystem name limit (NAME_MAX), so every key can live on local disk too. */
export const STORAGE_KEY_SEGMENT_MAX_BYTES = MAX_SEGMENT_BYTES;

/** The contract's segment rule (`packages/contract/src/paths.ts`) in a storage key's words. */
const SEGMENT_REFUSALS: Readonly<Record<SegmentProblem, [rule: string, message: string]>> = {
  empty: ['no_empty_segment', 'storage key has an empty path segment'],
  dot: ['no_dot_segment', 'storage key has a "." or ".." segment'],
  control: ['no_control', 'storage key contains a control character'],
  backslash: ['no_backslash', 'storage key contains a backslash'],
  unicode: ['utf8', 'storage key is not valid Unicode'],
  too_long: ['segment_max_bytes', 'a storage key segment is longer than 255 bytes'],
};

function reject(rule: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, {
    details: [{ field: 'key', rule, message }],
  });
}

/**
 * The one check every storage key passes before any driver touches it. Keys are relative
 * ('/'-separated, no empty, '.' or '..' segments) so they can never climb out of a root or
 * bucket prefix. Returns the key unchanged; throws AppError VALIDATION_FAILED otherwise.
 */
export function validateStorageKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) reject('required', 'storage key is empty');
  checkCharacters(key);
  checkSegments(key.split('/'));
  return key;
}

/**
 * Validates an object key or a folder marker key (a valid key plus one trailing '/': S3's
 * zero-byte `folder/` object, a directory on local disk). Returns it unchanged.
 */
export function validateEntryKey(key: string): string {
  if (typeof key !== 'string' || !key.endsWith('/')) return validateStorageKey(key);
  validateStorageKey(key.slice(0, -1));
  if (utf8Bytes(key) > STORAGE_KEY_MAX_BYTES) {
    reject('max_bytes', `storage key is longer than ${STORAGE_KEY_MAX_BYTES} bytes`);
  }
  return key;
}

/**
 * Validates a listing prefix: '' (everything) or a key cut anywhere. Complete segments follow
 * the key rules; the unfinished last one is only a string filter, so '.' or '..' is harmless.
 */
export function validateStoragePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkCharacters(prefix);
  const segments = prefix.split('/');
  segments.pop();
  checkSegments(segments);
  return prefix;
}

function checkCharacters(key: string): void {
  if (key.includes('\0')) reject('no_nul', 'storage key contains a NUL byte');
  if (hasControlCharacter(key)) reject('no_control', 'storage key contains a control character');
  if (hasLoneSurrogate(key)) reject('utf8', 'storage key is not valid Unicode');
  if (key.includes('\\')) reject('no_backslash', 'storage key contains a backslash');
  if (key.startsWith('/')) reject('relative', 'storage key must not start with "/"');
  if (utf8Bytes(key) > STORAGE_KEY_MAX_BYTES) {
    reject('max_bytes', `storage key is longer than ${STORAGE_KEY_MAX_BYTES} bytes`);
  }
}

function checkSegments(segments: readonly string[]): void {
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) reject(...SEGMENT_REFUSALS[problem]);
  }
}
