import { z } from 'zod';

/** What a task does (SPEC §3). */
export const TASK_TYPES = ['copy', 'upload', 'delete', 'download'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Task status (SPEC §4); `partial`: finished with some items failed. */
export const TASK_STATUSES = [
  'pending',
  'running',
  'completed',
  'failed',
  'cancelled',
  'partial',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The statuses a task ends in: only these may be cleared. */
export const FINISHED_TASK_STATUSES = ['completed', 'failed', 'cancelled', 'partial'] as const;
export type FinishedTaskStatus = (typeof FINISHED_TASK_STATUSES)[number];

/** Per-file status (SPEC §3), plus `skipped` (the target existed and skipExisting was asked). */
export const TASK_ITEM_STATUSES = [
  'pending',
  'preparing',
  'downloading',
  'completed',
  'failed',
  'skipped',
] as const;
export type TaskItemStatus = (typeof TASK_ITEM_STATUSES)[number];

/** Tasks per page of GET /api/tasks, and items per page of GET /api/tasks/{id}. */
export const TASKS_PAGE_LIMIT = 20;
export const TASKS_PAGE_LIMIT_MAX = 100;
export const TASK_ITEMS_PAGE_LIMIT = 100;
export const TASK_ITEMS_PAGE_LIMIT_MAX = 1000;

export const taskSchema = z.object({
  id: z.string(),
  type: z.enum(TASK_TYPES),
  status: z.enum(TASK_STATUSES),
  created_by: z.string(),
  progress: z.object({
    /** Items finished (completed, failed or skipped) and known so far. */
    current: z.number(),
    total: z.number(),
    bytes_done: z.number(),
    bytes_total: z.number(),
  }),
  cancel_requested: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskItemSchema = z.object({
  seq: z.number(),
  source: z.string(),
  target: z.string(),
  status: z.enum(TASK_ITEM_STATUSES),
  bytes: z.number(),
  error: z.string().nullable(),
});
export type TaskItem = z.infer<typeof taskItemSchema>;

export const taskListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TASKS_PAGE_LIMIT_MAX).default(TASKS_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const taskListSchema = z.object({
  items: z.array(taskSchema),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskDetailQuerySchema = z.object({
  items_limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TASK_ITEMS_PAGE_LIMIT_MAX)
    .default(TASK_ITEMS_PAGE_LIMIT),
  items_offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  items_status: z.enum(TASK_ITEM_STATUSES).optional(),
});

export const taskDetailSchema = taskSchema.extend({
  items: z.array(taskItemSchema),
  items_total: z.number(),
  items_limit: z.number(),
  items_offset: z.number(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const clearTasksQuerySchema = z.object({
  status: z.enum(FINISHED_TASK_STATUSES, {
    error: `status must be one of ${FINISHED_TASK_STATUSES.join(', ')}`,
  }),
});

export const clearedTasksSchema = z.object({ deleted: z.number() });
