import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteFile,
  deleteFiles,
  listFiles,
  MANAGED_FILES_QUERY_KEY,
  type FilePage,
  type FileScope,
} from '../file/api';

const listKey = (scope: FileScope, page: FilePage) =>
  [...MANAGED_FILES_QUERY_KEY, scope, 'list', page] as const;

/** One page of the listing; the previous page stays on screen while the next one loads. */
export function useFileList(scope: FileScope, page: FilePage) {
  return useQuery({
    queryKey: listKey(scope, page),
    queryFn: ({ signal }) => listFiles(scope, page, signal),
    placeholderData: keepPreviousData,
  });
}

function useInvalidatingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGED_FILES_QUERY_KEY }),
  });
}

/** DELETE …/files/{id}. */
export function useDeleteFile(scope: FileScope) {
  return useInvalidatingMutation((id: string) => deleteFile(scope, id));
}

/** DELETE …/files/batch-delete → how many were deleted. */
export function useDeleteFiles(scope: FileScope) {
  return useInvalidatingMutation((ids: readonly string[]) => deleteFiles(scope, ids));
}
