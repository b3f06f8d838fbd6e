import { ROUTES } from '@pasteport/contract/plain';
import {
  fsFileLinkSchema,
  fsInfoSchema,
  fsListSchema,
  type FsFileLink,
  type FsList,
} from '@pasteport/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiLink } from '../../lib/api';
import { answersGone, copyInsteadOf, dropCopy, useOfflineOwner } from '../../lib/offline-copies';
import { FS_QUERY_KEY } from '../../lib/query-keys';
import { keepListingPage, readListingPage, type ListingPage } from './listing/offline-listing';

/** Entries asked for per listing page (the server's own page; at most FS_LIST_LIMIT_MAX). */
export const LISTING_PAGE_SIZE = 1000;

/** A folder listing's query key, under FS_QUERY_KEY (lib/query-keys.ts). */
export const fsListKey = (path: string) => [...FS_QUERY_KEY, 'list', path] as const;

/** One page of `GET /api/fs/list`, checked against the contract. */
export async function fetchListPage(
  path: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FsList> {
  const query =
    cursor === null
      ? { path, limit: LISTING_PAGE_SIZE }
      : { path, limit: LISTING_PAGE_SIZE, cursor };
  return fsListSchema.parse(await api.call<unknown>(ROUTES.fsList, { query, signal }));
}

/**
 * One listing page for the explorer: from the server, kept for browsing offline (if the
 * identity that asked is still signed in), or, while the device is offline, from the folder's
 * kept copy. A 404 forgets the copy; every other failure shows as it always did.
 */
async function listPageOrCopy(
  path: string,
  cursor: string | null,
  ownerNow: () => string,
  signal: AbortSignal,
): Promise<ListingPage> {
  const owner = ownerNow();
  try {
    const page = await fetchListPage(path, cursor, signal);
    if (ownerNow() === owner) void keepListingPage(path, cursor, page, owner);
    return page;
  } catch (error) {
    if (cursor === null && answersGone(error)) void dropCopy('directories', path);
    return copyInsteadOf(error, () => readListingPage(path, cursor, owner));
  }
}

/** A folder's listing, page by page from `next_cursor` (a folder of any size, never at once). */
export function useDirectory(path: string) {
  const ownerNow = useOfflineOwner();
  return useInfiniteQuery({
    queryKey: fsListKey(path),
    queryFn: ({ pageParam, signal }) => listPageOrCopy(path, pageParam, ownerNow, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Ask even while the browser reports no connection: the failure is what brings the
    // offline copy, and without one the user sees the network error instead of a skeleton.
    networkMode: 'always',
    // A listing shown from the offline copy is read again as soon as the connection returns.
    refetchOnReconnect: (query) =>
      query.state.data?.pages[0]?.offlineSavedAt === undefined ? true : 'always',
  });
}

/**
 * `GET /api/fs/file-link`: a short-lived link that reads the file without credentials, made
 * absolute against the API in use (local disk answers an origin-relative link).
 */
export async function fetchFileLink(
  path: string,
  options: { forceDownload: boolean; expiresIn?: number },
): Promise<FsFileLink> {
  const query = {
    path,
    force_download: options.forceDownload ? 'true' : 'false',
    ...(options.expiresIn ? { expires_in: options.expiresIn } : {}),
  };
  const link = fsFileLinkSchema.parse(await api.call<unknown>(ROUTES.fsFileLink, { query }));
  return { ...link, presignedUrl: apiLink(link.presignedUrl) };
}

/** `GET /api/fs/get`: a file's or folder's info (a deep link may name an entry not yet listed). */
export function useEntryInfo(path: string | undefined) {
  return useQuery({
    queryKey: [...FS_QUERY_KEY, 'info', path],
    queryFn: async ({ signal }) =>
      fsInfoSchema.parse(await api.call<unknown>(ROUTES.fsGet, { query: { path }, signal })),
    enabled: path !== undefined,
  });
}
