import type {
  FinishedTaskStatus,
  Task,
  TaskItem,
  TaskItemStatus,
  TaskStatus,
  TaskType,
} from '@pasteport/contract';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../lib/format';

// Values, not imports: the header loads this module on every page, and the contract's index
// brings zod (docs/ARCHITECTURE.md, first load). The types above keep them in step.

/** How often the task list is asked again while a task is pending or running (SPEC §9: 5 s). */
export const TASK_POLL_MS = 5_000;

/** Tasks the panel lists: the newest page the server allows (TASKS_PAGE_LIMIT_MAX). */
export const TASK_LIST_LIMIT = 100;

/** Items shown per page of an expanded task (TASK_ITEMS_PAGE_LIMIT). */
export const TASK_ITEMS_PER_PAGE = 100;

/** Statuses of a task still at work: the panel polls while one exists. */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = ['pending', 'running'];

/** Statuses "clear finished" removes, one DELETE each (FINISHED_TASK_STATUSES). */
export const CLEARABLE_TASK_STATUSES: readonly FinishedTaskStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'partial',
];

/** Finished statuses whose failed or unfinished items the server can run again. */
export const RETRYABLE_TASK_STATUSES: readonly TaskStatus[] = ['failed', 'partial', 'cancelled'];

/** What the panel calls a task: its type, or `move` for a copy that removes its source. */
export type TaskKind = TaskType | 'move';

/** Whether a task is still pending or running. */
export function isActiveTask(task: Pick<Task, 'status'>): boolean {
  return ACTIVE_TASK_STATUSES.includes(task.status);
}

/** How many tasks are pending or running. */
export function countActiveTasks(tasks: readonly Pick<Task, 'status'>[]): number {
  return tasks.filter(isActiveTask).length;
}

/** Whether a task may be cancelled (pending or running, and no cancel asked yet). */
export function canCancel(task: Pick<Task, 'status' | 'cancel_requested'>): boolean {
  return isActiveTask(task) && !task.cancel_requested;
}

/** Whether a task may be retried (finished with failed or unfinished items). */
export function canRetry(task: Pick<Task, 'status'>): boolean {
  return RETRYABLE_TASK_STATUSES.includes(task.status);
}

/** The finished statuses present in a list, in the order they are cleared. */
export function clearableStatuses(tasks: readonly Pick<Task, 'status'>[]): FinishedTaskStatus[] {
  return CLEARABLE_TASK_STATUSES.filter((status) => tasks.some((task) => task.status === status));
}

/**
 * The ids of tasks that were active in `before` and are finished in `after`: what a poll
 * saw finish. A first answer (`before` undefined) finishes nothing.
 */
export function newlyFinishedTaskIds(
  before: readonly Pick<Task, 'id' | 'status'>[] | undefined,
  after: readonly Pick<Task, 'id' | 'status'>[],
): string[] {
  if (!before) return [];
  const wasActive = new Set(before.filter(isActiveTask).map((task) => task.id));
  return after.filter((task) => wasActive.has(task.id) && !isActiveTask(task)).map((t) => t.id);
}

/** A page of a task's items, as GET /api/tasks/{id} answers it. */
export interface TaskItemsPage {
  items: readonly TaskItem[];
  items_offset: number;
  items_total: number;
}

/** The task's last item when this page reaches the end of its items, else undefined. */
export function lastItemOf(page: TaskItemsPage): TaskItem | undefined {
  if (page.items.length === 0) return undefined;
  if (page.items_offset + page.items.length < page.items_total) return undefined;
  return page.items[page.items.length - 1];
}

/**
 * A move is a copy task whose last item has no target (it removes the moved folder); without
 * the last item at hand a copy stays a copy.
 */
export function isMoveTask(task: Pick<Task, 'type'>, lastItem: TaskItem | undefined): boolean {
  return task.type === 'copy' && lastItem !== undefined && lastItem.target === '';
}

/** The label kind of a task, given its last item when known. */
export function taskKind(task: Pick<Task, 'type'>, lastItem?: TaskItem): TaskKind {
  return isMoveTask(task, lastItem) ? 'move' : task.type;
}

/** Percent done (0-100): by bytes when the task counts bytes, else by items. */
export function progressPercent(progress: Task['progress']): number {
  const [done, total] =
    progress.bytes_total > 0
      ? [progress.bytes_done, progress.bytes_total]
      : [progress.current, progress.total];
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((done / total) * 100)));
}

/** "3 of 10 files · 12 MB of 40 MB"; the bytes part only when the task counts bytes. */
export function progressText(progress: Task['progress'], t: TFunction, locale: string): string {
  const files = t('tasks.progress.files', { count: progress.total, current: progress.current });
  if (progress.bytes_total <= 0) return files;
  const bytes = t('tasks.progress.bytes', {
    done: formatBytes(progress.bytes_done, locale),
    total: formatBytes(progress.bytes_total, locale),
  });
  return `${files} · ${bytes}`;
}

/** Mantine colour of a task status; the badge always shows the status's name too. */
export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  pending: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'yellow',
  partial: 'orange',
};

/** Mantine colour of an item status; the badge always shows the status's name too. */
export const TASK_ITEM_STATUS_COLORS: Record<TaskItemStatus, string> = {
  pending: 'gray',
  preparing: 'blue',
  downloading: 'blue',
  completed: 'green',
  failed: 'red',
  skipped: 'gray',
};
