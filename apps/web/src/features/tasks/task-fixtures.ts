import type { Task, TaskDetail, TaskItem } from '@pasteport/contract';

/** A task as GET /api/tasks lists it: a running copy unless `patch` says otherwise. */
export function givenTask(patch: Partial<Task> = {}): Task {
  return {
    id: 't1',
    type: 'copy',
    status: 'running',
    created_by: 'admin',
    progress: { current: 0, total: 0, bytes_done: 0, bytes_total: 0 },
    cancel_requested: false,
    error: null,
    created_at: '2030-01-02T03:04:05.000Z',
    updated_at: '2030-01-02T03:04:05.000Z',
    started_at: null,
    finished_at: null,
    ...patch,
  };
}

/** One item of a task: a file being copied unless `patch` says otherwise. */
export function givenItem(patch: Partial<TaskItem> = {}): TaskItem {
  return {
    seq: 1,
    source: '/docs/a.txt',
    target: '/backup/a.txt',
    status: 'pending',
    bytes: 0,
    error: null,
    ...patch,
  };
}

/** A task with one page of its items, as GET /api/tasks/{id} answers it. */
export function givenDetail(
  task: Task,
  items: TaskItem[],
  page: { items_total?: number; items_offset?: number; items_limit?: number } = {},
): TaskDetail {
  return {
    ...task,
    items,
    items_total: page.items_total ?? items.length,
    items_offset: page.items_offset ?? 0,
    items_limit: page.items_limit ?? 100,
  };
}
