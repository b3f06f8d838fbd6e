import type { ErrorCode, FileDetail, UrlImportState } from '@pasteport/contract';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';

/** One server-side import: what progress reads see, and the handle that cancels it. */
export interface ImportTask {
  readonly id: string;
  readonly fileId: string;
  /** creatorId of whoever started it (null for every guest). */
  readonly owner: string | null;
  /**
   * SHA-256 of the upload secret the start answered (the pending row's): guests, who all share
   * the owner null, present it to read the progress, as every other step of the upload.
   */
  readonly secretHash: string | null;
  state: UrlImportState;
  loaded: number;
  total: number | null;
  file?: FileDetail;
  error?: { code: ErrorCode; message: string };
  /** Aborting it stops the transfer; its reason says why. */
  readonly controller: AbortController;
  /** Settles once the task has ended and cleaned up; never rejects. */
  done: Promise<void>;
  endedAt?: number;
}

/**
 * The registry of server-side imports. It lives in this process's memory, per instance: a
 * task is a running stream tied to this process, so another instance could not continue it
 * anyway, and its progress is only read by the browser that started it, through the same
 * instance while it runs. (Behind a load balancer without sticky sessions a progress read may
 * reach another instance and answer 404; the file itself appears in the shared database.)
 * Slots are counted from the request that starts a task until the task ends, so a burst of
 * starts cannot exceed `maxRunning`.
 */
export function createImportTasks(options: { maxRunning: number; retainMs: number; clock: Clock }) {
  const tasks = new Map<string, ImportTask>();
  const byFile = new Map<string, ImportTask>();
  let slotsTaken = 0;
  const now = () => options.clock.now().getTime();

  const expired = (task: ImportTask): boolean =>
    task.endedAt !== undefined && now() - task.endedAt > options.retainMs;

  function forget(task: ImportTask): void {
    tasks.delete(task.id);
    if (byFile.get(task.fileId) === task) byFile.delete(task.fileId);
  }

  return {
    /**
     * Takes a slot for a task about to start, or refuses with 429. The returned release frees
     * it (once, however often it is called).
     */
    reserve(retryAfterSeconds: number): () => void {
      if (slotsTaken >= options.maxRunning) {
        throw new AppError(
          'RATE_LIMITED',
          `this server already runs ${options.maxRunning} URL imports; try again shortly`,
          { headers: { 'Retry-After': String(retryAfterSeconds) } },
        );
      }
      slotsTaken += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        slotsTaken -= 1;
      };
    },

    /** Registers a started task (and forgets tasks that ended long ago). */
    add(
      fileId: string,
      owner: { creator: string | null; secretHash: string | null },
      total: number | null,
      controller: AbortController,
    ): ImportTask {
      for (const task of tasks.values()) if (expired(task)) forget(task);
      const task: ImportTask = {
        id: randomUUID(),
        fileId,
        owner: owner.creator,
        secretHash: owner.secretHash,
        state: 'running',
        loaded: 0,
        total,
        controller,
        done: Promise.resolve(),
      };
      tasks.set(task.id, task);
      byFile.set(fileId, task);
      return task;
    },

    /** A task by id, while it runs and for `retainMs` after it ended. */
    get(id: string): ImportTask | undefined {
      const task = tasks.get(id);
      if (task && expired(task)) {
        forget(task);
        return undefined;
      }
      return task;
    },

    /** The task writing this file, if one is known. */
    byFileId(fileId: string): ImportTask | undefined {
      const task = byFile.get(fileId);
      return task && !expired(task) ? task : undefined;
    },

    /** Marks a task ended; it stays readable for `retainMs`. */
    end(task: ImportTask, outcome: Pick<ImportTask, 'state' | 'file' | 'error'>): void {
      task.state = outcome.state;
      if (outcome.file) task.file = outcome.file;
      if (outcome.error) task.error = outcome.error;
      task.endedAt = now();
    },

    running(): ImportTask[] {
      return [...tasks.values()].filter((task) => task.state === 'running');
    },
  };
}

export type ImportTasks = ReturnType<typeof createImportTasks>;
