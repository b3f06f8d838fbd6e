import { createHmac } from 'node:crypto';
import { segmentProblem } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';
import { constantTimeEqual } from '../../lib/secrets.js';
import { LIST_MAX_LIMIT } from '../../storage/storage-rules.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import { compareNames } from '../../vfs/mount-space.js';

/** A file of a folder page, as storage listed it. */
export interface ListedFile {
  name: string;
  size: number;
  /** ISO-8601 UTC. */
  modified: string;
  /** The storage's entity tag, bare (what a stat answers too). */
  etag: string;
}

/** One page of a folder of a storage: what the listing cache keeps. */
export interface FolderPage {
  /** Sub-folder names, in name order. */
  folders: string[];
  /** File names with their size and time, in name order. */
  files: ListedFile[];
  /** The storage's cursor of the next page; null on the last. */
  next: string | null;
  /** False only for a first page of a folder that does not exist (the service answers 404). */
  exists: boolean;
}

/** Where a page starts: the folder key ('' for the storage root) and the storage's cursor. */
export interface PageRequest {
  folderKey: string;
  cursor: string | null;
  limit: number;
}

/**
 * Whether a listed name can be named by a request: a valid path segment (no `..`, backslash,
 * control character …) in NFC, the form every request path is normalised to. Other tools can
 * write any key; an unnameable one is left out rather than shown and then unreachable.
 */
export function isNameable(name: string): boolean {
  return (
    !name.includes('/') && segmentProblem(name) === undefined && name === name.normalize('NFC')
  );
}

/** Storage pages beyond the limit's own that one answer may read to make up for skipped names. */
const MAX_EXTRA_STORAGE_PAGES = 4;

const prefixOf = (folderKey: string) => (folderKey === '' ? '' : `${folderKey}/`);

/**
 * Reads one page of a folder: storage pages (at most 1000 entries each) are chained until
 * `limit` nameable entries are found or the folder ends (or a few storage pages went by with
 * only skipped names), so a page never holds more than `limit` entries and the whole folder is
 * never read at once. Folder markers (the zero-byte
 * `folder/` objects some tools write) prove a folder exists but are not listed.
 */
export async function readFolderPage(
  driver: Pick<StorageDriver, 'list' | 'capabilities'>,
  request: PageRequest,
): Promise<FolderPage> {
  const prefix = prefixOf(request.folderKey);
  const folders: string[] = [];
  const files: ListedFile[] = [];
  let cursor = request.cursor;
  let seen = false;
  // Storage pages one answer may read: enough for a full page plus a few of skipped names, so
  // a folder of unnameable keys costs a short page with a cursor, never a scan of the folder.
  let budget = Math.ceil(request.limit / LIST_MAX_LIMIT) + MAX_EXTRA_STORAGE_PAGES;
  do {
    budget -= 1;
    const wanted = Math.min(LIST_MAX_LIMIT, request.limit - folders.length - files.length);
    const page = await driver.list(prefix, { delimiter: '/', cursor, limit: wanted });
    seen ||= page.objects.length > 0 || page.prefixes.length > 0;
    for (const folder of page.prefixes) {
      const name = folder.slice(prefix.length, -1);
      if (isNameable(name)) folders.push(name);
    }
    for (const object of page.objects) {
      const name = object.key.slice(prefix.length);
      // A marker of a sub-folder (`name/`) that storage did not fold into a prefix.
      if (name.endsWith('/') && isNameable(name.slice(0, -1))) folders.push(name.slice(0, -1));
      if (!isNameable(name)) continue;
      files.push({
        name,
        size: object.size,
        modified: object.lastModified.toISOString(),
        etag: object.etag,
      });
    }
    cursor = page.nextCursor;
  } while (cursor !== null && budget > 0 && folders.length + files.length < request.limit);

  const firstPage = request.cursor === null;
  const exists =
    !firstPage ||
    seen ||
    request.folderKey === '' ||
    (await folderExists(driver, request.folderKey));
  const uniqueFolders = [...new Set(folders)].sort(compareNames);
  files.sort((a, b) => compareNames(a.name, b.name));
  return { folders: uniqueFolders, files, next: cursor, exists };
}

/**
 * Whether a folder with nothing listed under it exists. On S3 a folder is the keys under it
 * (or a marker, which a listing shows), so an empty one does not. On local disk folders are
 * real directories and may be empty; the listing of the parent names the directory itself.
 */
export async function folderExists(
  driver: Pick<StorageDriver, 'list' | 'capabilities'>,
  folderKey: string,
): Promise<boolean> {
  const under = await driver.list(prefixOf(folderKey), { limit: 1 });
  if (under.objects.length > 0 || under.prefixes.length > 0) return true;
  if (driver.capabilities.keyPrefixOverlap) return false;
  const around = await driver.list(folderKey, { delimiter: '/', limit: LIST_MAX_LIMIT });
  return around.prefixes.includes(`${folderKey}/`);
}

/** What a listing cursor carries: the storage and folder it belongs to, and the storage's cursor. */
interface CursorState {
  storageId: string;
  folderKey: string;
  cursor: string;
}

/** The 400 of a cursor this server did not make for the listing it is sent with. */
export function invalidCursor(): never {
  throw new AppError('VALIDATION_FAILED', 'cursor: not a cursor of this listing', {
    details: [{ field: 'cursor', rule: 'format', message: 'not a cursor of this listing' }],
  });
}

/**
 * Listing cursors: the storage's cursor, bound to the storage and folder it continues and
 * signed, so a client can only hand back a cursor this server made for the same folder. A
 * garbled, forged or transplanted one is a 400 naming `cursor`; storage never sees it.
 */
export function createCursorCodec(key: Buffer) {
  const sign = (body: string) =>
    createHmac('sha256', key).update(body).digest().subarray(0, 16).toString('base64url');
  return {
    encode(state: CursorState): string {
      const body = Buffer.from(
        JSON.stringify([state.storageId, state.folderKey, state.cursor]),
      ).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    /** The storage's cursor; VALIDATION_FAILED unless made by encode for this folder. */
    decode(token: string, expected: Omit<CursorState, 'cursor'>): string {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) invalidCursor();
      if (!constantTimeEqual(signature, sign(body))) invalidCursor();
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        invalidCursor();
      }
      if (!Array.isArray(parsed) || parsed.length !== 3) invalidCursor();
      const [storageId, folderKey, cursor] = parsed as unknown[];
      if (storageId !== expected.storageId || folderKey !== expected.folderKey) invalidCursor();
      if (typeof cursor !== 'string' || cursor === '') invalidCursor();
      return cursor;
    },
  };
}

export type CursorCodec = ReturnType<typeof createCursorCodec>;
