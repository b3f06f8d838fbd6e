import { ROUTES } from '@pasteport/contract/plain';
import {
  BATCH_COPY_MAX_ITEMS,
  batchCopyResultSchema,
  fileDetailSchema,
  fsBatchRemovedSchema,
  fsRenamedSchema,
  fsWrittenSchema,
  type BatchCopyResult,
  type FsItem,
  type ShareFromMountRequest,
} from '@pasteport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FS_QUERY_KEY, TASKS_QUERY_KEY } from '../../../lib/query-keys';
import { childPath } from '../location';

/**
 * A file-system write: every listing (and info) is refreshed when it settles, even a failure;
 * the task list too, as a folder rename or a big delete starts a task the header should show.
 */
function useFsWrite<TVariables, TResult>(write: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: FS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
      ]);
    },
  });
}

/** POST /api/fs/mkdir. */
export function useMakeFolder() {
  return useFsWrite(async (path: string) =>
    fsWrittenSchema.parse(await api.call<unknown>(ROUTES.fsMkdir, { body: { path } })),
  );
}

/** POST /api/fs/rename: a file moves at once; a folder in a task (`taskId`). */
export function useRename() {
  return useFsWrite(async (move: { oldPath: string; newPath: string }) =>
    fsRenamedSchema.parse(await api.call<unknown>(ROUTES.fsRename, { body: move })),
  );
}

/** DELETE /api/fs/batch-remove: per-path results; big folders go to a delete task. */
export function useRemove() {
  return useFsWrite(async (paths: string[]) =>
    fsBatchRemovedSchema.parse(await api.call<unknown>(ROUTES.fsBatchRemove, { body: { paths } })),
  );
}

/** A batch-copy answer folded over the chunks one selection needed. */
export type CopyOutcome = Pick<BatchCopyResult, 'success' | 'skipped' | 'failed' | 'details'> & {
  /** The copy tasks carrying the cross-storage items. */
  taskIds: string[];
};

/**
 * POST /api/fs/batch-copy, in chunks of BATCH_COPY_MAX_ITEMS. Items within one storage are
 * copied by the request; across storages the server's copy task carries them (`queued`, with
 * a taskId), so the web client never relays bytes itself. An existing target is left alone
 * (`skipExisting`), never overwritten unasked.
 */
export function useBatchCopy() {
  return useFsWrite(async (items: readonly { sourcePath: string; targetPath: string }[]) => {
    const outcome: CopyOutcome = { success: 0, skipped: 0, failed: 0, details: [], taskIds: [] };
    for (let start = 0; start < items.length; start += BATCH_COPY_MAX_ITEMS) {
      const body = { items: items.slice(start, start + BATCH_COPY_MAX_ITEMS), skipExisting: true };
      const result = batchCopyResultSchema.parse(
        await api.call<unknown>(ROUTES.batchCopy, { body }),
      );
      outcome.success += result.success;
      outcome.skipped += result.skipped;
      outcome.failed += result.failed;
      outcome.details.push(...result.details);
      if (result.taskId) outcome.taskIds.push(result.taskId);
    }
    return outcome;
  });
}

/** What happened to one entry of a move. */
export type MoveResult =
  | { entry: FsItem; status: 'moved' | 'queued' }
  | { entry: FsItem; status: 'failed'; error: unknown }
  | { entry: FsItem; status: 'cancelled' };

/**
 * Moves entries into a folder, one `POST /api/fs/rename` each (the server's move: a file at
 * once, across folders, mounts or storages; a folder in a task). One failure (409 when the
 * name is taken there) does not stop the rest; `stopped()` is asked between entries, so a
 * stop leaves the entry in flight to finish.
 */
export function useMoveEntries() {
  return useFsWrite(
    async ({
      entries,
      folder,
      stopped,
      onProgress,
    }: {
      entries: readonly FsItem[];
      folder: string;
      stopped: () => boolean;
      onProgress: (done: number) => void;
    }) => {
      const results: MoveResult[] = [];
      for (const entry of entries) {
        if (stopped()) {
          results.push({ entry, status: 'cancelled' });
          continue;
        }
        try {
          const body = { oldPath: entry.path, newPath: childPath(folder, entry.name) };
          const moved = fsRenamedSchema.parse(await api.call<unknown>(ROUTES.fsRename, { body }));
          results.push({ entry, status: moved.taskId ? 'queued' : 'moved' });
        } catch (error) {
          results.push({ entry, status: 'failed', error });
        }
        onProgress(results.length);
      }
      return results;
    },
  );
}

/** POST /api/fs/share: a file share of a mount's file, with the upload share options. */
export function useShareFromMount() {
  return useMutation({
    mutationFn: async (body: ShareFromMountRequest) =>
      fileDetailSchema.parse(await api.call<unknown>(ROUTES.shareFromMount, { body })),
  });
}
