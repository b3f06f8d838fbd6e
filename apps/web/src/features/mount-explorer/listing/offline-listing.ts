import { fsListSchema, type FsList } from '@pasteport/contract';
import { readCopy, reviseCopy } from '../../../lib/offline-copies';

/** A listing page as the explorer gets it: from the server, or from the folder's offline copy. */
export type ListingPage = FsList & {
  /** Set on a page from the offline copy: when the copy was saved (epoch ms). */
  offlineSavedAt?: number;
};

/**
 * Pages kept per folder (of LISTING_PAGE_SIZE entries each): a folder is one record, and a
 * folder of a hundred thousand entries must not fill the device's storage quota on its own.
 */
export const DIRECTORY_PAGES_KEPT = 20;

/** The cursor that asked for page `index` of a kept walk: none for the first. */
function cursorOf(pages: readonly unknown[], index: number): string | null | undefined {
  if (index === 0) return null;
  const previous = pages[index - 1] as { next_cursor?: unknown } | undefined;
  return typeof previous?.next_cursor === 'string' ? previous.next_cursor : undefined;
}

/**
 * Keeps a listing page `owner` was given. The first page starts the folder's copy afresh; a
 * later one extends it only when it continues the kept walk (its cursor is the last kept
 * page's next one) of the same owner. The copy's date is its first page's.
 */
export function keepListingPage(
  path: string,
  cursor: string | null,
  page: FsList,
  owner: string,
  now: number = Date.now(),
): Promise<void> {
  return reviseCopy('directories', path, (kept) => {
    if (cursor === null) return { owner, cachedAt: now, data: [page] };
    if (!kept || kept.owner !== owner || !Array.isArray(kept.data)) return undefined;
    const pages = kept.data as unknown[];
    if (pages.length >= DIRECTORY_PAGES_KEPT || cursorOf(pages, pages.length) !== cursor) {
      return undefined;
    }
    return { ...kept, data: [...pages, page] };
  });
}

/**
 * The kept page of `path` that `cursor` asks for, for `owner`, while fresh. It comes back
 * read-only (nothing can be written offline) and, when the copy holds no page after it, as the
 * folder's last, so the explorer does not ask for pages it cannot have.
 */
export async function readListingPage(
  path: string,
  cursor: string | null,
  owner: string,
  now?: number,
): Promise<ListingPage | undefined> {
  const copy = await readCopy('directories', path, owner, now);
  if (!copy || !Array.isArray(copy.data)) return undefined;
  const pages = copy.data as unknown[];
  const index = pages.findIndex((_page, at) => cursorOf(pages, at) === cursor);
  if (index < 0) return undefined;
  const parsed = fsListSchema.safeParse(pages[index]);
  if (!parsed.success) return undefined;
  const hasNext = index + 1 < pages.length;
  return {
    ...parsed.data,
    writable: false,
    next_cursor: hasNext ? parsed.data.next_cursor : null,
    offlineSavedAt: copy.cachedAt,
  };
}
