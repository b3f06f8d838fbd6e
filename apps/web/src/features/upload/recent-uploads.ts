import type { FileDetail } from '@pasteport/contract';
import { RECENT_UPLOADS_SHOWN } from '@pasteport/contract/plain';
import { readStored, removeStored, writeStored } from '../../lib/storage';

/** Where the last successful uploads are kept in this browser. */
export const RECENT_UPLOADS_KEY = 'pasteport.recentUploads';

/** One finished upload, as the recent list shows it. */
export interface RecentUpload {
  slug: string;
  filename: string;
  size: number;
  /** The absolute share link. */
  url: string;
  /** Epoch milliseconds of the upload. */
  at: number;
}

function isRecentUpload(value: unknown): value is RecentUpload {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.slug === 'string' &&
    typeof entry.filename === 'string' &&
    typeof entry.url === 'string' &&
    typeof entry.size === 'number' &&
    typeof entry.at === 'number'
  );
}

/** The recent uploads, newest first; malformed entries are skipped. */
export function readRecentUploads(): RecentUpload[] {
  const raw = readStored(RECENT_UPLOADS_KEY);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(isRecentUpload).slice(0, RECENT_UPLOADS_SHOWN)
      : [];
  } catch {
    return [];
  }
}

/** Puts an upload first, keeping only the last RECENT_UPLOADS_SHOWN (SPEC §9: 3). */
export function addRecentUpload(entry: RecentUpload): RecentUpload[] {
  const next = [entry, ...readRecentUploads().filter((old) => old.slug !== entry.slug)].slice(
    0,
    RECENT_UPLOADS_SHOWN,
  );
  writeStored(RECENT_UPLOADS_KEY, JSON.stringify(next));
  return next;
}

/**
 * The recent uploads the page does not show already: files the list beside still holds with
 * their link (`shownSlugs`) are left out, so nothing is listed twice.
 */
export function recentNotShown(
  recent: readonly RecentUpload[],
  shownSlugs: ReadonlySet<string>,
): RecentUpload[] {
  return recent.filter((upload) => !shownSlugs.has(upload.slug));
}

/** Forgets every recent upload. */
export function clearRecentUploads(): void {
  removeStored(RECENT_UPLOADS_KEY);
}

/** The share page of a file as an absolute link (the API may answer a relative one). */
export function shareUrlOf(file: Pick<FileDetail, 'url' | 'slug'>): string {
  const path = file.url || `/file/${encodeURIComponent(file.slug)}`;
  return new URL(path, window.location.origin).toString();
}

/** The recent entry of an uploaded file. */
export function recentEntryOf(file: FileDetail, at: number): RecentUpload {
  return { slug: file.slug, filename: file.filename, size: file.size, url: shareUrlOf(file), at };
}
