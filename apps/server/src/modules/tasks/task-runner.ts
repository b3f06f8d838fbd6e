import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import type { TaskHandlers, TaskItemContext } from './task-handler.js';
import {
  outcomeOf,
  type TaskItemRow,
  type TaskRepository,
  type TaskRow,
} from './task.repository.js';

/** Published with a task's id when it was created, retried or asked to cancel. */
export const TASKS_TOPIC = 'tasks';

/** Why a running task stops before its items are done. */
type StopReason = 'cancel' | 'lost' | 'shutdown';

export interface TaskRunnerOptions {
  /** How often an idle runner looks for work (a published task wakes it at once). */
  pollMs?: number;
  /** How long a lease lasts without renewal (a crashed instance's task is taken after it). */
  leaseMs?: number;
  /** How often a running task renews its lease and reads its cancel flag. */
  heartbeatMs?: number;
}

const ITEMS_PER_FETCH = 50;

/**
 * Runs tasks from the database, each on exactly one instance: a runner takes a task with a
 * conditional UPDATE of its lease, renews the lease while it runs, and works through the
 * task's open items in order, so a task interrupted by a restart resumes where it stopped
 * (completed items stay completed). A cancel is seen within a heartbeat (or at once on the
 * instance running the task) and aborts the item in flight through its AbortSignal. The
 * handlers come from the modules owning each task type.
 */
export function createTaskRunner(
  deps: {
    repo: TaskRepository;
    handlers: TaskHandlers;
    clock: Clock;
    logger: Pick<Logger, 'info' | 'warn' | 'error'>;
    invalidation?: InvalidationBus;
  } & TaskRunnerOptions,
) {
  const owner = randomUUID();
  const pollMs = deps.pollMs ?? 1000;
  const leaseMs = deps.leaseMs ?? 30_000;
  const heartbeatMs = deps.heartbeatMs ?? 250;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | null = null;
  let current: { id: string; check: () => Promise<void>; stop: (r: StopReason) => void } | null =
    null;

  const iso = () => deps.clock.now().toISOString();
  const leaseUntil = () => new Date(deps.clock.now().getTime() + leaseMs).toISOString();

  deps.invalidation?.subscribe(TASKS_TOPIC, (id) => {
    wake();
    if (current?.id === id) void current.check();
  });

  function wake(): void {
    wakeUp?.();
  }

  function idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  /** Takes one runnable task and runs it; false when there was none to take. */
  async function runOnce(): Promise<boolean> {
    for (const id of await deps.repo.findRunnable(iso(), 10)) {
      if (stopping) return false;
      const task = await deps.repo.claim(id, owner, iso(), leaseUntil());
      if (!task) continue;
      await runTask(task);
      return true;
    }
    return false;
  }

  async function runTask(task: TaskRow): Promise<void> {
    const controller = new AbortController();
    let reason: StopReason | null = null;
    let baseBytes = task.bytes_done;
    let inflight = 0;
    let measured: number | null = null;
    // The heartbeat in flight, if any (a field: it changes inside closures).
    const beating: { current: Promise<void> | null } = { current: null };

    const stop = (why: StopReason) => {
      if (reason) return;
      reason = why;
      controller.abort(new AppError('CONFLICT', 'operation cancelled'));
    };
    const check = (): Promise<void> => {
      beating.current ??= deps.repo
        .heartbeat(task.id, owner, leaseUntil(), baseBytes + inflight, iso())
        .then(
          (beat) => {
            if (!beat) stop('lost');
            else if (beat.cancelRequested) stop('cancel');
          },
          (err: unknown) => deps.logger.warn({ err, task: task.id }, 'task heartbeat failed'),
        )
        .finally(() => {
          beating.current = null;
        });
      return beating.current;
    };
    current = { id: task.id, check, stop };
    const beat = setInterval(() => void check(), heartbeatMs);
    if (stopping) stop('shutdown');

    try {
      const handler = deps.handlers[task.type as keyof TaskHandlers];
      if (!handler) {
        await deps.repo.finish(task.id, owner, 'failed', `no handler for ${task.type}`, iso());
        return;
      }
      const context: TaskItemContext = {
        task,
        signal: controller.signal,
        addItems: async (items) => {
          if (!(await deps.repo.addItems(task.id, owner, items, iso()))) stop('lost');
        },
        progress: (bytes) => {
          inflight = bytes;
        },
        measured: (bytes) => {
          measured = bytes;
        },
        holdsLease: () => deps.repo.holdsLease(task.id, owner, iso()),
      };

      outer: for (;;) {
        const items = await deps.repo.nextItems(task.id, ITEMS_PER_FETCH);
        if (items.length === 0) break;
        for (const item of items) {
          await check();
          if (reason) break outer;
          if (!(await setItem(task, item, 'downloading'))) stop('lost');
          if (reason) break outer;
          inflight = 0;
          measured = null;
          try {
            const outcome = await handler.runItem(item, context);
            await setItem(task, item, outcome, null, measured);
          } catch (err) {
            if (reason) {
              // Stopped, not broken: the item runs again when the task resumes.
              await setItem(task, item, 'pending');
              break outer;
            }
            await setItem(task, item, 'failed', messageOf(err));
          }
          inflight = 0;
          baseBytes = (await deps.repo.findById(task.id))?.bytes_done ?? baseBytes;
        }
      }
      await settle(task, reason);
    } catch (err) {
      deps.logger.error({ err, task: task.id }, 'task failed');
      if (!reason) await deps.repo.finish(task.id, owner, 'failed', messageOf(err), iso());
    } finally {
      clearInterval(beat);
      await beating.current;
      current = null;
    }
  }

  function setItem(
    task: TaskRow,
    item: TaskItemRow,
    status: Parameters<TaskRepository['setItemStatus']>[3]['status'],
    error: string | null = null,
    bytes: number | null = null,
  ): Promise<boolean> {
    return deps.repo.setItemStatus(task.id, owner, item.seq, { status, error, bytes }, iso());
  }

  /** Ends the task as its items and the stop reason say. */
  async function settle(task: TaskRow, reason: StopReason | null): Promise<void> {
    if (reason === 'lost') return;
    if (reason === 'shutdown') {
      await deps.repo.release(task.id, owner, iso());
      return;
    }
    if (reason === 'cancel') {
      await deps.repo.finish(task.id, owner, 'cancelled', 'operation cancelled', iso());
      return;
    }
    const { status, error } = outcomeOf(await deps.repo.countItems(task.id));
    await deps.repo.finish(task.id, owner, status, error, iso());
    deps.logger.info({ task: task.id, status }, 'task finished');
  }

  return {
    /** This runner's lease owner id. */
    owner,
    /** Takes and runs one runnable task (tests drive the runner with it). */
    runOnce,
    wake,

    start(): void {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        while (!stopping) {
          let ran = false;
          try {
            ran = await runOnce();
          } catch (err) {
            deps.logger.error({ err }, 'task runner pass failed');
          }
          if (!ran && !stopping) await idle();
        }
      })();
    },

    /** Stops taking tasks; the item in flight is aborted and left pending for the next start. */
    async stop(): Promise<void> {
      stopping = true;
      current?.stop('shutdown');
      wake();
      await loop;
      loop = undefined;
    },
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
