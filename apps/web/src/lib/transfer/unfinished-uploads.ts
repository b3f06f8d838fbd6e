import {
  readSavedUpload,
  removeSavedUpload,
  SAVED_UPLOAD_PREFIX,
  savedUploadKey,
  uploadFingerprint,
  type FingerprintSource,
  type SavedUpload,
} from './multipart';

/** A multipart upload whose progress survives in this browser (SPEC §4: up to 24 h). */
export interface UnfinishedUpload {
  key: string;
  /** Where it was going (see uploadScopeOf). */
  scope: string;
  filename: string;
  size: number;
  /** Whole percent already stored. */
  percent: number;
  saved: SavedUpload;
}

/** The saved-progress scope of a storage config ('' is the server's default). */
export function uploadScopeOf(storageConfigId: string): string {
  return storageConfigId || 'default';
}

/** The scope of URL uploads: their bytes live only in memory, so they cannot be picked again. */
export function urlUploadScopeOf(storageConfigId: string): string {
  return `url-${uploadScopeOf(storageConfigId)}`;
}

/** Whole percent of a file's bytes the saved parts hold. */
function percentOf(saved: SavedUpload, size: number): number {
  if (size <= 0) return 0;
  const stored = saved.parts.reduce((sum, part) => sum + part.size, 0);
  return Math.min(99, Math.floor((stored * 100) / size));
}

/** Reads the name and size back out of a key the uploader made (scope:name:size:modified). */
function describeKey(key: string): { scope: string; filename: string; size: number } | undefined {
  const fields = key.slice(SAVED_UPLOAD_PREFIX.length).split(':');
  if (fields.length !== 4) return undefined;
  try {
    const [scope = '', name, size] = fields.map(decodeURIComponent);
    const bytes = Number(size);
    return name && Number.isSafeInteger(bytes) ? { scope, filename: name, size: bytes } : undefined;
  } catch {
    return undefined;
  }
}

/** Every fresh saved upload of picked files in this browser (stale ones are removed on the way). */
export function listUnfinishedUploads(now: number): UnfinishedUpload[] {
  let keys: string[];
  try {
    const storage = window.localStorage;
    keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null && key.startsWith(SAVED_UPLOAD_PREFIX),
    );
  } catch {
    return [];
  }
  const uploads: UnfinishedUpload[] = [];
  for (const key of keys.sort()) {
    const saved = readSavedUpload(key, now);
    const described = describeKey(key);
    if (!saved || !described || described.scope.startsWith('url-')) continue;
    uploads.push({ key, ...described, percent: percentOf(saved, described.size), saved });
  }
  return uploads;
}

/** How far a file's earlier upload to this scope got, when picked again; undefined if none. */
export function resumePercentOf(
  file: FingerprintSource,
  scope: string,
  now: number,
): number | undefined {
  const saved = readSavedUpload(savedUploadKey(uploadFingerprint(file, scope)), now);
  return saved ? percentOf(saved, file.size) : undefined;
}

/** Forgets saved progress (the caller aborts the server-side uploads). */
export function forgetUnfinishedUploads(uploads: readonly UnfinishedUpload[]): void {
  for (const upload of uploads) removeSavedUpload(upload.key);
}
