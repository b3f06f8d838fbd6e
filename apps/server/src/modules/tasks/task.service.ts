import { randomUUID } from 'node:crypto';
import type {
  FinishedTaskStatus,
  Task,
  TaskDetail,
  TaskItemStatus,
  TaskList,
  TaskType,
} from '@pasteport/contract';
import type { Actor } from '../../core/actor.js';
import { creatorId, ownedCreatorIds } from '../../core/access-policy.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import { TASKS_TOPIC } from './task-runner.js';
import { presentTask, presentTaskItem } from './task.presenter.js';
import {
  CLIENT_DRIVEN_TYPES,
  type NewTaskItem,
  type TaskItemRow,
  type TaskRepository,
  type TaskRow,
} from './task.repository.js';

/**
 * Tasks as callers see them: an API key sees and acts on its own tasks only (another's is
 * NOT_FOUND, so ids reveal nothing); the admin sees every task. Modules owning a task type
 * create tasks here; the runner (task-runner.ts) does the work.
 */
export function createTaskService(deps: {
  repo: TaskRepository;
  clock: Clock;
  invalidation: InvalidationBus;
}) {
  const now = () => deps.clock.now().toISOString();

  async function mustFind(actor: Actor, id: string): Promise<TaskRow> {
    const row = await deps.repo.findById(id);
    const owners = ownedCreatorIds(actor);
    if (!row || (owners && !owners.includes(row.created_by))) {
      throw new AppError('NOT_FOUND', 'task not found');
    }
    return row;
  }

  async function announce(id: string): Promise<void> {
    await deps.invalidation.publish(TASKS_TOPIC, id);
  }

  return {
    /** Stores a pending task for the actor and wakes the runners; returns its id. */
    async create(
      actor: Actor,
      type: TaskType,
      payload: unknown,
      items: readonly NewTaskItem[],
    ): Promise<string> {
      const createdBy = creatorId(actor);
      if (!createdBy) throw new AppError('UNAUTHORIZED', 'sign in to start a task');
      const id = randomUUID();
      await deps.repo.create(
        { id, type, createdBy, payload: JSON.stringify(payload), now: now() },
        items,
      );
      await announce(id);
      return id;
    },

    async list(actor: Actor, query: { limit: number; offset: number }): Promise<TaskList> {
      const { rows, total } = await deps.repo.list({
        createdBy: ownedCreatorIds(actor),
        limit: query.limit,
        offset: query.offset,
      });
      return { items: rows.map(presentTask), total, limit: query.limit, offset: query.offset };
    },

    async get(
      actor: Actor,
      id: string,
      query: { items_limit: number; items_offset: number; items_status?: TaskItemStatus },
    ): Promise<TaskDetail> {
      const row = await mustFind(actor, id);
      const items = await deps.repo.listItems(id, {
        status: query.items_status,
        limit: query.items_limit,
        offset: query.items_offset,
      });
      return {
        ...presentTask(row),
        items: items.rows.map(presentTaskItem),
        items_total: items.total,
        items_limit: query.items_limit,
        items_offset: query.items_offset,
      };
    },

    /** Cancels a pending task at once; a running one stops within a second. */
    async cancel(actor: Actor, id: string): Promise<Task> {
      await mustFind(actor, id);
      if (!(await deps.repo.requestCancel(id, now()))) {
        throw new AppError('CONFLICT', 'the task has already finished');
      }
      await announce(id);
      return presentTask(await mustFind(actor, id));
    },

    /** Sends a finished task's failed (and never-run) items back to the runner. */
    async retry(actor: Actor, id: string): Promise<Task> {
      const row = await mustFind(actor, id);
      if (!(await deps.repo.retry(id, now()))) {
        throw new AppError(
          'CONFLICT',
          row.status === 'completed'
            ? 'the task has no failed items'
            : 'the task is still running; retry it when it has finished',
        );
      }
      await announce(id);
      return presentTask(await mustFind(actor, id));
    },

    /** A task of the actor's and one of its items (NOT_FOUND for either, as for `get`). */
    async item(
      actor: Actor,
      id: string,
      seq: number,
    ): Promise<{ task: TaskRow; item: TaskItemRow }> {
      const task = await mustFind(actor, id);
      const item = await deps.repo.findItem(id, seq);
      if (!item) throw new AppError('NOT_FOUND', 'task item not found');
      return { task, item };
    },

    /**
     * An item's status as the client driving its task reports it; the last open item's report
     * ends the task (completed, partial or failed, as a runner would end it).
     */
    async reportItem(
      actor: Actor,
      id: string,
      seq: number,
      change: { status: TaskItemStatus; error: string | null; bytes: number | null },
    ): Promise<Task> {
      const row = await mustFind(actor, id);
      const result = await deps.repo.reportItem(id, seq, change, now());
      if (result === 'missing') throw new AppError('NOT_FOUND', 'task item not found');
      if (result === 'done') throw new AppError('CONFLICT', 'the item has already completed');
      if (result === 'finished') {
        throw new AppError(
          'CONFLICT',
          CLIENT_DRIVEN_TYPES.includes(row.type as TaskType)
            ? `the task is ${row.status}`
            : 'only a task its client drives takes item reports',
        );
      }
      return presentTask(await mustFind(actor, id));
    },

    /** Deletes the actor's finished tasks of one status (the admin: everyone's). */
    async clear(actor: Actor, status: FinishedTaskStatus): Promise<{ deleted: number }> {
      return { deleted: await deps.repo.clear(status, ownedCreatorIds(actor)) };
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
