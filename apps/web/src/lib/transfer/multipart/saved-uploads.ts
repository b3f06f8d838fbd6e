import { UPLOAD_STATE_TTL_MS } from '@pasteport/contract/plain';
import { readStored, removeStored, writeStored } from '../../storage';
import type { StoredPart } from './types';

/** Prefix of every saved multipart progress entry in localStorage. */
export const SAVED_UPLOAD_PREFIX = 'pasteport.upload.';

/** What survives a page reload: enough to ask the server for the upload again. */
export interface SavedUpload {
  fileId: string;
  uploadId: string;
  /** The upload's secret: resuming after a reload (or aborting) must present it. */
  uploadSecret?: string;
  partSize: number;
  partCount: number;
  parts: StoredPart[];
  /** Epoch milliseconds of the last save; entries older than 24 h are discarded. */
  savedAt: number;
}

/** The file attributes a fingerprint reads; a File has them all. */
export type FingerprintSource = Pick<File, 'name' | 'size' | 'lastModified'>;

/**
 * Identifies "the same file going to the same place": name, size and modification time
 * (a browser cannot hash 5 GB cheaply) plus a caller scope such as the storage config id.
 */
export function uploadFingerprint(file: FingerprintSource, scope: string): string {
  return [scope, file.name, String(file.size), String(file.lastModified)]
    .map(encodeURIComponent)
    .join(':');
}

/** The localStorage key of a fingerprint's saved progress. */
export function savedUploadKey(fingerprint: string): string {
  return `${SAVED_UPLOAD_PREFIX}${fingerprint}`;
}

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value !== '';

function isStoredPart(value: unknown): value is StoredPart {
  if (typeof value !== 'object' || value === null) return false;
  const part = value as Record<string, unknown>;
  return (
    isPositiveInteger(part.partNumber) &&
    typeof part.etag === 'string' &&
    typeof part.size === 'number' &&
    Number.isSafeInteger(part.size) &&
    part.size >= 0
  );
}

/** Parses a stored entry; anything malformed (hand edits, older formats) is rejected. */
export function parseSavedUpload(raw: string): SavedUpload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (
    !isNonEmptyString(entry.fileId) ||
    !isNonEmptyString(entry.uploadId) ||
    !isPositiveInteger(entry.partSize) ||
    !isPositiveInteger(entry.partCount) ||
    typeof entry.savedAt !== 'number' ||
    !Number.isFinite(entry.savedAt) ||
    !Array.isArray(entry.parts) ||
    !entry.parts.every(isStoredPart) ||
    (entry.uploadSecret !== undefined && !isNonEmptyString(entry.uploadSecret))
  ) {
    return undefined;
  }
  return {
    fileId: entry.fileId,
    uploadId: entry.uploadId,
    ...(entry.uploadSecret !== undefined ? { uploadSecret: entry.uploadSecret } : {}),
    partSize: entry.partSize,
    partCount: entry.partCount,
    parts: entry.parts,
    savedAt: entry.savedAt,
  };
}

/** Fresh means saved less than 24 h ago (and not in the future: a clock change is not trusted). */
function isFresh(entry: SavedUpload, now: number): boolean {
  return entry.savedAt <= now && now - entry.savedAt < UPLOAD_STATE_TTL_MS;
}

/** Reads saved progress; a stale or malformed entry is removed and reads as absent. */
export function readSavedUpload(key: string, now: number): SavedUpload | undefined {
  const raw = readStored(key);
  if (raw === undefined) return undefined;
  const entry = parseSavedUpload(raw);
  if (entry && isFresh(entry, now)) return entry;
  removeStored(key);
  return undefined;
}

/** Saves progress; false when storage is blocked or full (the upload goes on regardless). */
export function writeSavedUpload(key: string, entry: SavedUpload): boolean {
  return writeStored(key, JSON.stringify(entry));
}

/** Forgets saved progress. */
export function removeSavedUpload(key: string): void {
  removeStored(key);
}

/** Removes every stale or malformed `pasteport.upload.*` entry; returns how many went. */
export function pruneSavedUploads(now: number): number {
  let keys: string[];
  try {
    const storage = window.localStorage;
    keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null && key.startsWith(SAVED_UPLOAD_PREFIX),
    );
  } catch {
    // Blocked storage holds nothing to prune.
    return 0;
  }
  let removed = 0;
  for (const key of keys) {
    if (readSavedUpload(key, now) === undefined) removed += 1;
  }
  return removed;
}
