import { ROUTES } from '@pasteport/contract/plain';
import {
  MAX_SHARED_PATHS,
  sharedPathsSchema,
  type FsItem,
  type SharedPath,
} from '@pasteport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FS_QUERY_KEY } from '../../../lib/query-keys';

/** POST /api/fs/shared for any number of paths: one request per MAX_SHARED_PATHS of them. */
async function fetchSharedPaths(
  paths: readonly string[],
  signal: AbortSignal,
): Promise<SharedPath[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < paths.length; i += MAX_SHARED_PATHS) {
    chunks.push(paths.slice(i, i + MAX_SHARED_PATHS));
  }
  const answers = await Promise.all(
    chunks.map(async (chunk) =>
      sharedPathsSchema.parse(
        await api.call<unknown>(ROUTES.sharedPaths, { body: { paths: chunk }, signal }),
      ),
    ),
  );
  return answers.flatMap((answer) => answer.shared);
}

/**
 * Which of `paths` are shared (a file share points at the object itself, so deleting it
 * breaks the link): each shared path with its number of live shares. Asked afresh every time
 * a dialog mounts (never from an earlier answer: a share may have been made since); under the
 * fs key, so a write in the meantime asks again. Advisory: nothing should wait for it.
 */
export function useSharedPaths(paths: readonly string[]) {
  return useQuery({
    queryKey: [...FS_QUERY_KEY, 'shared', paths],
    queryFn: ({ signal }) => fetchSharedPaths(paths, signal),
    enabled: paths.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** What the delete dialog warns about: which of the entries are shared, or hold shares. */
export type SharedWarning =
  /** The one entry is a shared file, by `shares` links. */
  | { kind: 'file'; shares: number }
  /** The one entry is a folder holding shared files. */
  | { kind: 'folder' }
  /** Of several entries, `count` files are shared (and no folder holds shares). */
  | { kind: 'files'; count: number }
  /** Of several entries, `count` folders hold shared files (and no file is shared). */
  | { kind: 'folders'; count: number }
  /** Of several entries, `count` are shared files or folders holding them. */
  | { kind: 'mixed'; count: number };

/** The warning for deleting `entries` given the server's answer; null when nothing is shared. */
export function sharedWarningOf(
  entries: readonly Pick<FsItem, 'path' | 'isDirectory'>[],
  shared: readonly SharedPath[],
): SharedWarning | null {
  const sharesByPath = new Map(shared.map((item) => [item.path, item.shares]));
  const hit = entries.filter((entry) => (sharesByPath.get(entry.path) ?? 0) > 0);
  const [first] = hit;
  if (!first) return null;
  if (entries.length === 1) {
    return first.isDirectory
      ? { kind: 'folder' }
      : { kind: 'file', shares: sharesByPath.get(first.path) ?? 1 };
  }
  const folders = hit.filter((entry) => entry.isDirectory).length;
  if (folders === 0) return { kind: 'files', count: hit.length };
  if (folders === hit.length) return { kind: 'folders', count: hit.length };
  return { kind: 'mixed', count: hit.length };
}
