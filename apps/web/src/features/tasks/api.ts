import type { FinishedTaskStatus, Task, TaskDetail, TaskList } from '@pasteport/contract';
import { ROUTES } from '@pasteport/contract/plain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FS_QUERY_KEY, TASKS_QUERY_KEY } from '../../lib/query-keys';
import { api } from '../../lib/api';
import { contractSchemas } from '../../lib/contract-schemas';
import {
  isActiveTask,
  lastItemOf,
  newlyFinishedTaskIds,
  TASK_ITEMS_PER_PAGE,
  TASK_LIST_LIMIT,
  TASK_POLL_MS,
} from './task-model';

/** The task list; everything of tasks is under TASKS_QUERY_KEY (lib/query-keys.ts). */
const TASK_LIST_KEY = [...TASKS_QUERY_KEY, 'list'] as const;

/**
 * GET /api/tasks: the newest page of tasks. Polled every 5 s while one is pending or running
 * and the tab is visible (react-query pauses the interval in a hidden tab); idle otherwise.
 */
export function useTaskList(enabled: boolean) {
  return useQuery({
    queryKey: TASK_LIST_KEY,
    queryFn: async ({ signal }): Promise<TaskList> => {
      const answer = await api.call<unknown>(ROUTES.listTasks, {
        query: { limit: TASK_LIST_LIMIT, offset: 0 },
        signal,
      });
      return (await contractSchemas()).taskListSchema.parse(answer);
    },
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some(isActiveTask) ? TASK_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** Invalidates the file-system listings once each time a task seen active is seen finished. */
export function useRefreshFoldersOnTaskFinish(tasks: readonly Task[] | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef<readonly Task[] | undefined>(undefined);
  useEffect(() => {
    if (!tasks) return;
    const finished = newlyFinishedTaskIds(previous.current, tasks);
    previous.current = tasks;
    if (finished.length > 0) void queryClient.invalidateQueries({ queryKey: FS_QUERY_KEY });
  }, [tasks, queryClient]);
}

async function fetchTaskDetail(
  id: string,
  query: Record<string, number>,
  signal: AbortSignal,
): Promise<TaskDetail> {
  const answer = await api.call<unknown>(ROUTES.getTask, { params: { id }, query, signal });
  return (await contractSchemas()).taskDetailSchema.parse(answer);
}

/** GET /api/tasks/{id}: one page of a task's items, polled while the task is active. */
export function useTaskItems(id: string, page: number) {
  return useQuery({
    queryKey: [...TASKS_QUERY_KEY, 'detail', id, page],
    queryFn: ({ signal }) =>
      fetchTaskDetail(
        id,
        { items_limit: TASK_ITEMS_PER_PAGE, items_offset: (page - 1) * TASK_ITEMS_PER_PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && isActiveTask(query.state.data) ? TASK_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

/**
 * The last item of a copy task, which tells a move from a copy. Asked once per item count
 * and status (a running move adds its removal item last), never for other types.
 */
export function useLastTaskItem(task: Task) {
  const { id, type, status } = task;
  const total = task.progress.total;
  return useQuery({
    queryKey: [...TASKS_QUERY_KEY, 'last-item', id, total, status],
    queryFn: async ({ signal }) =>
      lastItemOf(await fetchTaskDetail(id, { items_limit: 1, items_offset: total - 1 }, signal)) ??
      null,
    enabled: type === 'copy' && total > 0,
    staleTime: Infinity,
    // While a running move's next count is asked, it stays labelled as it was.
    placeholderData: keepPreviousData,
  });
}

/** A mutation that refreshes every task query when it settles, failed or not. */
function useTaskMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
  });
}

/** POST /api/tasks/{id}/cancel. */
export function useCancelTask() {
  return useTaskMutation(async (id: string) =>
    (await contractSchemas()).taskSchema.parse(
      await api.call<unknown>(ROUTES.cancelTask, { params: { id } }),
    ),
  );
}

/** POST /api/tasks/{id}/retry; 409 when nothing failed or the task still runs. */
export function useRetryTask() {
  return useTaskMutation(async (id: string) =>
    (await contractSchemas()).taskSchema.parse(
      await api.call<unknown>(ROUTES.retryTask, { params: { id } }),
    ),
  );
}

/** DELETE /api/tasks?status=…, once per finished status given; resolves with the count. */
export function useClearFinishedTasks() {
  return useTaskMutation(async (statuses: readonly FinishedTaskStatus[]) => {
    const { clearedTasksSchema } = await contractSchemas();
    let deleted = 0;
    for (const status of statuses) {
      const answer = await api.call<unknown>(ROUTES.clearTasks, { query: { status } });
      deleted += clearedTasksSchema.parse(answer).deleted;
    }
    return deleted;
  });
}
