import {
  clearedTasksSchema,
  clearTasksQuerySchema,
  taskDetailQuerySchema,
  taskDetailSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
} from '../tasks.js';
import { endpoint, idParams, json } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'Tasks';

/** Tasks (SPEC §3/§4): an API key sees only its own; the admin sees every task. */
export const taskEndpoints = {
  listTasks: endpoint(ROUTES.listTasks, {
    tag,
    summary: 'List tasks, newest first (an API key: its own)',
    query: taskListQuerySchema,
    answer: json(taskListSchema),
    errors: [],
  }),
  getTask: endpoint(ROUTES.getTask, {
    tag,
    summary: 'Read a task with one page of its items',
    params: idParams,
    query: taskDetailQuerySchema,
    answer: json(taskDetailSchema),
    errors: ['NOT_FOUND'],
  }),
  cancelTask: endpoint(ROUTES.cancelTask, {
    tag,
    summary: 'Cancel a pending or running task (a running one stops within a second)',
    params: idParams,
    answer: json(taskSchema),
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  retryTask: endpoint(ROUTES.retryTask, {
    tag,
    summary: "Run a finished task's failed items again (409 while it runs)",
    params: idParams,
    answer: json(taskSchema),
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  clearTasks: endpoint(ROUTES.clearTasks, {
    tag,
    summary: 'Delete finished tasks of one status (an API key: its own)',
    query: clearTasksQuerySchema,
    answer: json(clearedTasksSchema),
    errors: [],
  }),
};
