import { ROUTES } from '@pasteport/contract/plain';
import { fsBatchRemovedSchema, fsRenamedSchema, fsWrittenSchema } from '@pasteport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FS_QUERY_KEY, TASKS_QUERY_KEY } from '../../../lib/query-keys';

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
