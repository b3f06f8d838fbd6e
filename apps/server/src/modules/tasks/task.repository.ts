import { createHash } from 'node:crypto';
import type { FinishedTaskStatus, TaskItemStatus, TaskStatus, TaskType } from '@pasteport/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, TaskItemsTable, TasksTable } from '../../db/schema.js';

export type TaskRow = Selectable<TasksTable>;
export type TaskItemRow = Selectable<TaskItemsTable>;

/** An item as a task type describes it; its seq is given when it is stored. */
export interface NewTaskItem {
  source: string;
  target: string;
  /** The task type's own JSON for the item. */
  ref: string;
  /** Size in bytes, when known. */
  bytes: number;
}

/** Item statuses that still have work to do (an interrupted item is redone). */
const OPEN_ITEM_STATUSES: readonly TaskItemStatus[] = ['pending', 'preparing', 'downloading'];
/** Item statuses that count as done in the progress. */
const DONE_ITEM_STATUSES: readonly TaskItemStatus[] = ['completed', 'failed', 'skipped'];
const UNFINISHED: readonly TaskStatus[] = ['pending', 'running'];

/**
 * Task types their client drives (the explorer's uploads): the client reports each item, and
 * the task is held by this never-ending lease, so no runner ever takes it.
 */
export const CLIENT_DRIVEN_TYPES: readonly TaskType[] = ['upload'];
const CLIENT_LEASE = { owner: 'client', until: '9999-12-31T23:59:59.999Z' } as const;

/** How a task ends, from how many of its items ended in each status. */
export function outcomeOf(counts: Partial<Record<TaskItemStatus, number>>): {
  status: FinishedTaskStatus;
  error: string | null;
} {
  const failed = counts.failed ?? 0;
  const succeeded = (counts.completed ?? 0) + (counts.skipped ?? 0);
  if (failed === 0) return { status: 'completed', error: null };
  return { status: succeeded > 0 ? 'partial' : 'failed', error: `${failed} item(s) failed` };
}
/** Rows per INSERT when items are added (well under both engines' parameter limits). */
const INSERT_CHUNK = 200;

function itemKey(item: Pick<NewTaskItem, 'source' | 'target'>): string {
  return createHash('sha256').update(item.source).update('\0').update(item.target).digest('hex');
}

/**
 * The task queries. Every status change is a conditional UPDATE (on the status and on the lease
 * owner), so two instances never both run a task and a finished task is never reopened by a
 * late writer.
 */
export function createTaskRepository(db: Kysely<Database>) {
  /** Whether `owner` holds the task's lease (checked inside the transaction that writes). */
  async function holds(trx: Kysely<Database>, taskId: string, owner: string): Promise<boolean> {
    const held = await trx
      .selectFrom('tasks')
      .select('id')
      .where('id', '=', taskId)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return held !== undefined;
  }

  /** Adds items after the task's last seq; a pair already present is left as it is. */
  async function insertItems(
    trx: Kysely<Database>,
    taskId: string,
    items: readonly NewTaskItem[],
  ): Promise<void> {
    const last = await trx
      .selectFrom('task_items')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('task_id', '=', taskId)
      .executeTakeFirst();
    let seq = Number(last?.seq ?? -1) + 1;
    for (let i = 0; i < items.length; i += INSERT_CHUNK) {
      const rows = items.slice(i, i + INSERT_CHUNK).map((item) => ({
        task_id: taskId,
        seq: seq++,
        item_key: itemKey(item),
        source: item.source,
        target: item.target,
        ref: item.ref,
        status: 'pending',
        bytes: item.bytes,
        error: null,
      }));
      await trx
        .insertInto('task_items')
        .values(rows)
        .onConflict((oc) => oc.columns(['task_id', 'item_key']).doNothing())
        .execute();
    }
  }

  /** Recounts a task's items and bytes (total, and done) from its items. */
  async function recount(trx: Kysely<Database>, taskId: string, now: string): Promise<void> {
    const totals = await trx
      .selectFrom('task_items')
      .select((eb) => [
        eb.fn.countAll<number>().as('items'),
        eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('bytes'),
      ])
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    const done = await trx
      .selectFrom('task_items')
      .select((eb) => [
        eb.fn.countAll<number>().as('items'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('status', '=', 'failed').then(0).else(eb.ref('bytes')).end(),
            ),
            sql<number>`0`,
          )
          .as('bytes'),
      ])
      .where('task_id', '=', taskId)
      .where('status', 'in', DONE_ITEM_STATUSES)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('tasks')
      .set({
        items_total: Number(totals.items),
        bytes_total: Number(totals.bytes),
        items_done: Number(done.items),
        bytes_done: Number(done.bytes),
        updated_at: now,
      })
      .where('id', '=', taskId)
      .execute();
  }

  return {
    /** Stores a new task with its first items: pending, or running when its client drives it. */
    async create(
      task: { id: string; type: TaskType; createdBy: string; payload: string; now: string },
      items: readonly NewTaskItem[],
    ): Promise<void> {
      const clientDriven = CLIENT_DRIVEN_TYPES.includes(task.type);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tasks')
          .values({
            id: task.id,
            type: task.type,
            status: clientDriven ? 'running' : 'pending',
            created_by: task.createdBy,
            payload: task.payload,
            items_done: 0,
            items_total: 0,
            bytes_done: 0,
            bytes_total: 0,
            error: null,
            lease_owner: clientDriven ? CLIENT_LEASE.owner : null,
            lease_until: clientDriven ? CLIENT_LEASE.until : null,
            cancel_requested: 0,
            created_at: task.now,
            updated_at: task.now,
            started_at: clientDriven ? task.now : null,
            finished_at: null,
          })
          .execute();
        await insertItems(trx, task.id, items);
        await recount(trx, task.id, task.now);
      });
    },

    /** Items a running task found (a folder's files); only its lease owner adds them. */
    async addItems(
      taskId: string,
      owner: string,
      items: readonly NewTaskItem[],
      now: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await holds(trx, taskId, owner))) return false;
        await insertItems(trx, taskId, items);
        await recount(trx, taskId, now);
        return true;
      });
    },

    findById(id: string): Promise<TaskRow | undefined> {
      return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Newest first; `createdBy` undefined → every task (the admin). */
    async list(filter: {
      createdBy: readonly string[] | undefined;
      limit: number;
      offset: number;
    }) {
      let query = db.selectFrom('tasks');
      if (filter.createdBy) query = query.where('created_by', 'in', filter.createdBy);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async listItems(
      taskId: string,
      filter: { status?: TaskItemStatus | undefined; limit: number; offset: number },
    ) {
      let query = db.selectFrom('task_items').where('task_id', '=', taskId);
      if (filter.status) query = query.where('status', '=', filter.status);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('seq').limit(filter.limit).offset(filter.offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** How many tasks are pending or running (the metrics' gauge). */
    async countActive(): Promise<number> {
      const row = await db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', UNFINISHED)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Tasks an instance may take: pending, or running under a lapsed lease; oldest first. */
    async findRunnable(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('tasks')
        .select('id')
        .where('status', 'in', UNFINISHED)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Takes a task for `owner` unless another instance holds a live lease on it. */
    claim(id: string, owner: string, now: string, leaseUntil: string) {
      return db
        .updateTable('tasks')
        .set((eb) => ({
          lease_owner: owner,
          lease_until: leaseUntil,
          status: 'running',
          started_at: eb.fn.coalesce('started_at', sql<string>`${now}`),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Renews the lease and records the bytes done so far; answers whether a cancel was asked,
     * or undefined when the lease is no longer this owner's.
     */
    async heartbeat(
      id: string,
      owner: string,
      leaseUntil: string,
      bytesDone: number,
      now: string,
    ): Promise<{ cancelRequested: boolean } | undefined> {
      const row = await db
        .updateTable('tasks')
        .set({ lease_until: leaseUntil, bytes_done: bytesDone, updated_at: now })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .returning('cancel_requested')
        .executeTakeFirst();
      return row ? { cancelRequested: row.cancel_requested === 1 } : undefined;
    },

    /** The next items with work left, in order. */
    nextItems(taskId: string, limit: number): Promise<TaskItemRow[]> {
      return db
        .selectFrom('task_items')
        .selectAll()
        .where('task_id', '=', taskId)
        .where('status', 'in', OPEN_ITEM_STATUSES)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },

    /** Sets an item's status (and error) while `owner` holds the task; then recounts. */
    async setItemStatus(
      taskId: string,
      owner: string,
      seq: number,
      change: { status: TaskItemStatus; error?: string | null; bytes?: number | null },
      now: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await holds(trx, taskId, owner))) return false;
        const bytes = change.bytes ?? null;
        await trx
          .updateTable('task_items')
          .set({
            status: change.status,
            error: change.error ?? null,
            ...(bytes === null ? {} : { bytes }),
          })
          .where('task_id', '=', taskId)
          .where('seq', '=', seq)
          .execute();
        if (change.status !== 'downloading' && change.status !== 'preparing') {
          await recount(trx, taskId, now);
        }
        return true;
      });
    },

    /**
     * An item's status as the client driving its task reports it ('finished': the task is not
     * one a client drives, or has ended; 'missing': no such item; 'done': the item completed
     * before and cannot go back). The last open item's report ends the task. The first
     * statement updates the task row, so concurrent reports of one task run one at a time and
     * exactly one of them sees no open item left.
     */
    async reportItem(
      taskId: string,
      seq: number,
      change: { status: TaskItemStatus; error: string | null; bytes: number | null },
      now: string,
    ): Promise<'ok' | 'finished' | 'missing' | 'done'> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('tasks')
          .set({ status: 'running', updated_at: now })
          .where('id', '=', taskId)
          .where('lease_owner', '=', CLIENT_LEASE.owner)
          .where('status', 'in', UNFINISHED)
          .executeTakeFirst();
        if (Number(locked.numUpdatedRows) === 0) return 'finished';
        const item = await trx
          .selectFrom('task_items')
          .select('status')
          .where('task_id', '=', taskId)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!item) return 'missing';
        if (item.status === 'completed' && change.status !== 'completed') return 'done';
        await trx
          .updateTable('task_items')
          .set({
            status: change.status,
            error: change.error,
            ...(change.bytes === null ? {} : { bytes: change.bytes }),
          })
          .where('task_id', '=', taskId)
          .where('seq', '=', seq)
          .execute();
        await recount(trx, taskId, now);
        const rows = await trx
          .selectFrom('task_items')
          .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
          .where('task_id', '=', taskId)
          .groupBy('status')
          .execute();
        const counts = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
        if (OPEN_ITEM_STATUSES.some((status) => (counts[status] ?? 0) > 0)) return 'ok';
        const { status, error } = outcomeOf(counts);
        await trx
          .updateTable('tasks')
          .set({ status, error, lease_owner: null, lease_until: null, finished_at: now })
          .where('id', '=', taskId)
          .execute();
        return 'ok';
      });
    },

    findItem(taskId: string, seq: number): Promise<TaskItemRow | undefined> {
      return db
        .selectFrom('task_items')
        .selectAll()
        .where('task_id', '=', taskId)
        .where('seq', '=', seq)
        .executeTakeFirst();
    },

    /** How many items ended in each status. */
    async countItems(taskId: string): Promise<Partial<Record<TaskItemStatus, number>>> {
      const rows = await db
        .selectFrom('task_items')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .where('task_id', '=', taskId)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** Ends a task this owner holds. */
    async finish(
      id: string,
      owner: string,
      status: FinishedTaskStatus,
      error: string | null,
      now: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('tasks')
          .set({
            status,
            error,
            lease_owner: null,
            lease_until: null,
            finished_at: now,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('lease_owner', '=', owner)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // The final figures come from the items: a heartbeat that carried the in-flight bytes
        // of an earlier moment may have landed after the last item's recount.
        await recount(trx, id, now);
        return true;
      });
    },

    /** Gives a task back unfinished (the instance stops): the next runner takes it at once. */
    /** Whether `owner` still holds the running task under a lease that has not run out. */
    async holdsLease(id: string, owner: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('tasks')
        .select('id')
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .where('lease_until', '>=', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    async release(id: string, owner: string, now: string): Promise<void> {
      await db
        .updateTable('tasks')
        .set({ status: 'pending', lease_owner: null, lease_until: null, updated_at: now })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .execute();
    },

    /**
     * Asks a task to stop. A pending task nobody holds, or one its client drives, is cancelled
     * at once; a held one is flagged and its runner stops it. False when it had finished.
     */
    async requestCancel(id: string, now: string): Promise<boolean> {
      const idle = await db
        .updateTable('tasks')
        .set({ status: 'cancelled', cancel_requested: 1, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('lease_owner', 'is', null)]),
            eb.and([eb('status', 'in', UNFINISHED), eb('lease_owner', '=', CLIENT_LEASE.owner)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(idle.numUpdatedRows) > 0) return true;
      const held = await db
        .updateTable('tasks')
        .set({ cancel_requested: 1, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst();
      return Number(held.numUpdatedRows) > 0;
    },

    /**
     * Reopens a finished task whose items failed or never ran: failed items go back to pending.
     * False when the task is pending, running, or completed without failures.
     */
    async retry(id: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const task = await trx
          .selectFrom('tasks')
          .select('type')
          .where('id', '=', id)
          .executeTakeFirst();
        const clientDriven =
          task !== undefined && CLIENT_DRIVEN_TYPES.includes(task.type as TaskType);
        const reopened = await trx
          .updateTable('tasks')
          .set({
            status: clientDriven ? 'running' : 'pending',
            cancel_requested: 0,
            error: null,
            finished_at: null,
            updated_at: now,
            ...(clientDriven
              ? { lease_owner: CLIENT_LEASE.owner, lease_until: CLIENT_LEASE.until }
              : {}),
          })
          .where('id', '=', id)
          .where('status', 'in', ['failed', 'partial', 'cancelled'])
          .executeTakeFirst();
        if (Number(reopened.numUpdatedRows) === 0) return false;
        await trx
          .updateTable('task_items')
          .set({ status: 'pending', error: null })
          .where('task_id', '=', id)
          .where('status', '=', 'failed')
          .execute();
        await recount(trx, id, now);
        return true;
      });
    },

    /** Deletes finished tasks of one status (of these creators; undefined → everyone's). */
    async clear(status: FinishedTaskStatus, createdBy: readonly string[] | undefined) {
      return db.transaction().execute(async (trx) => {
        let ids = trx.selectFrom('tasks').select('id').where('status', '=', status);
        if (createdBy) ids = ids.where('created_by', 'in', createdBy);
        await trx.deleteFrom('task_items').where('task_id', 'in', ids).execute();
        let tasks = trx.deleteFrom('tasks').where('status', '=', status);
        if (createdBy) tasks = tasks.where('created_by', 'in', createdBy);
        const result = await tasks.executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
