import type { Task, TaskItem, TaskItemStatus, TaskStatus, TaskType } from '@pasteport/contract';
import type { TaskItemRow, TaskRow } from './task.repository.js';

/** A task row as the API shows it (payload, lease and item refs stay inside). */
export function presentTask(row: TaskRow): Task {
  return {
    id: row.id,
    type: row.type as TaskType,
    status: row.status as TaskStatus,
    created_by: row.created_by,
    progress: {
      current: Number(row.items_done),
      total: Number(row.items_total),
      bytes_done: Number(row.bytes_done),
      bytes_total: Number(row.bytes_total),
    },
    cancel_requested: row.cancel_requested === 1,
    error: row.error,
    created_at: row.created_at,
    updated_at: row.updated_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

export function presentTaskItem(row: TaskItemRow): TaskItem {
  return {
    seq: Number(row.seq),
    source: row.source,
    target: row.target,
    status: row.status as TaskItemStatus,
    bytes: Number(row.bytes),
    error: row.error,
  };
}
