import { MAX_ARCHIVE_PATHS } from '@pasteport/contract';

/** One file or folder waiting in the basket; a folder's size is unknown (null). */
export interface BasketEntry {
  path: string;
  name: string;
  isDirectory: boolean;
  size: number | null;
}

/** What can go into the basket: an explorer entry (FsItem fits) or a stored entry. */
export type BasketCandidate = Pick<BasketEntry, 'path' | 'name' | 'isDirectory' | 'size'>;

/** Most entries the basket holds: what one archive request may name. */
export const MAX_BASKET_ENTRIES = MAX_ARCHIVE_PATHS;

/** Above this many bytes of files, downloading asks first (1 GiB). */
export const BASKET_WARN_BYTES = 1024 ** 3;

/** The outcome of adding: the new entries and what happened to each candidate. */
export interface AddOutcome {
  entries: BasketEntry[];
  /** Candidates now in the basket. */
  added: number;
  /** Candidates already there, or beneath a folder that is (the folder holds them). */
  skipped: number;
  /** Candidates left out because the basket was full. */
  refused: number;
}

/** Totals the drawer shows and the size warning reads. */
export interface BasketTotals {
  count: number;
  /** Bytes of the files; folders add an unknown amount. */
  bytes: number;
  /** Some entries are folders, so the archive is larger than `bytes` by an unknown amount. */
  sizeUnknown: boolean;
}

/**
 * Whether `path` lies strictly beneath `folder` (`/a/b` is under `/a`; `/ab` is not). Paths are
 * the server's own, already normalised: absolute, no trailing slash.
 */
export function isBeneath(folder: string, path: string): boolean {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  return path.length > prefix.length && path.startsWith(prefix);
}

/** The folders holding `path`: `/a/b/c` → `/`, `/a`, `/a/b`. */
function ancestorsOf(path: string): string[] {
  const found = ['/'];
  for (let at = path.indexOf('/', 1); at > 0; at = path.indexOf('/', at + 1)) {
    found.push(path.slice(0, at));
  }
  return found;
}

function entryOf(candidate: BasketCandidate): BasketEntry {
  const { path, name, isDirectory } = candidate;
  // A listing gives folders size 0; that is "not known", not "empty".
  return { path, name, isDirectory, size: isDirectory ? null : candidate.size };
}

/**
 * Adds candidates in order: a path already present, or beneath a folder present, is skipped; a
 * folder replaces the entries beneath it; once the basket holds MAX_BASKET_ENTRIES the rest are
 * refused. The input array is never changed.
 */
export function addToBasket(
  entries: readonly BasketEntry[],
  candidates: readonly BasketCandidate[],
): AddOutcome {
  let next = [...entries];
  let added = 0;
  let skipped = 0;
  let refused = 0;
  // Sets, so a thousand candidates against a full basket stay cheap.
  const present = new Set(next.map((entry) => entry.path));
  const folders = new Set(next.filter((entry) => entry.isDirectory).map((entry) => entry.path));
  for (const candidate of candidates) {
    const covered =
      present.has(candidate.path) ||
      ancestorsOf(candidate.path).some((ancestor) => folders.has(ancestor));
    if (covered) {
      skipped += 1;
      continue;
    }
    const swallowed = candidate.isDirectory
      ? next.filter((entry) => isBeneath(candidate.path, entry.path))
      : [];
    if (next.length - swallowed.length >= MAX_BASKET_ENTRIES) {
      refused += 1;
      continue;
    }
    if (swallowed.length > 0) {
      const gone = new Set(swallowed.map((entry) => entry.path));
      next = next.filter((entry) => !gone.has(entry.path));
      for (const path of gone) {
        present.delete(path);
        folders.delete(path);
      }
    }
    next.push(entryOf(candidate));
    present.add(candidate.path);
    if (candidate.isDirectory) folders.add(candidate.path);
    added += 1;
  }
  return { entries: next, added, skipped, refused };
}

/** The entries without the one at `path`. */
export function removeFromBasket(entries: readonly BasketEntry[], path: string): BasketEntry[] {
  return entries.filter((entry) => entry.path !== path);
}

/** Count, bytes of files, and whether folders leave the size unknown. */
export function basketTotals(entries: readonly BasketEntry[]): BasketTotals {
  let bytes = 0;
  let sizeUnknown = false;
  for (const entry of entries) {
    if (entry.size === null) sizeUnknown = true;
    else bytes += entry.size;
  }
  return { count: entries.length, bytes, sizeUnknown };
}

/** Whether the known size alone is past BASKET_WARN_BYTES, so a download should ask first. */
export function needsSizeWarning(totals: BasketTotals): boolean {
  return totals.bytes > BASKET_WARN_BYTES;
}
