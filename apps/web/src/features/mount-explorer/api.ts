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
import { FS_QUERY_KEY } from '../../lib/query-keys';

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

/** A folder's listing, page by page from `next_cursor` (a folder of any size, never at once). */
export function useDirectory(path: string) {
  return useInfiniteQuery({
    queryKey: fsListKey(path),
    queryFn: ({ pageParam, signal }) => fetchListPage(path, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
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
