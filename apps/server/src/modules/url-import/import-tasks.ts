import type { ErrorCode, FileDetail, UrlImportState } from '@pasteport/contract';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UrlImportRepository, UrlImportRow } from './url-import.repository.js';

/** What a progress read sees of an import, and whose it is. */
export interface ImportProgressView {
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
}

/** One server-side import running (or recently ended) on this instance: its view and handles. */
export interface ImportTask extends ImportProgressView {
  readonly id: string;
  readonly fileId: string;
  /** Aborting it stops the transfer; its reason says why. */
  readonly controller: AbortController;
  /** Settles once the task has ended and cleaned up; never rejects. */
  done: Promise<void>;
  endedAt?: number;
}

/**
 * Progress is written to the database at most once per this many new bytes, or this long
 * after an unwritten change: a transfer of gigabytes must not become a write per chunk, and a
 * reader on another instance still sees it move.
 */
export const PROGRESS_WRITE_BYTES = 1024 * 1024;
export const PROGRESS_WRITE_MS = 500;

/** Per task: what the database last got, the pending trailing write, the write chain. */
interface Writes {
  written: number;
  timer: NodeJS.Timeout | undefined;
  chain: Promise<void>;
}

/**
 * The slots of this instance: counted from the request that starts a task until the task ends,
 * so a burst of starts cannot exceed `maxRunning`. A transfer holds a socket and a stream of
 * this process, so the cap is per instance.
 */
export function createImportSlots(maxRunning: number) {
  let slotsTaken = 0;
  return {
    /**
     * Takes a slot for a task about to start, or refuses with 429. The returned release frees
     * it (once, however often it is called).
     */
    reserve(retryAfterSeconds: number): () => void {
      if (slotsTaken >= maxRunning) {
        throw new AppError(
          'RATE_LIMITED',
          `this server already runs ${maxRunning} URL imports; try again shortly`,
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
  };
}

/**
 * The registry of server-side imports. The transfer runs on the instance that started it (a
 * stream of this process: no other instance could continue it), and that instance keeps its
 * handle in memory; the progress lives in the database, so a progress read answers on every
 * instance behind a load balancer without sticky sessions. The running instance answers from
 * memory (exact); the others from the row (at most PROGRESS_WRITE_BYTES or PROGRESS_WRITE_MS
 * behind while it runs, exact once it ended).
 */
export function createImportTasks(options: {
  maxRunning: number;
  retainMs: number;
  clock: Clock;
  repo: UrlImportRepository;
  onWriteError: (err: unknown) => void;
}) {
  const { repo } = options;
  const slots = createImportSlots(options.maxRunning);
  const tasks = new Map<string, ImportTask>();
  const byFile = new Map<string, ImportTask>();
  const writes = new Map<string, Writes>();
  const now = () => options.clock.now();

  const expired = (task: ImportTask): boolean =>
    task.endedAt !== undefined && now().getTime() - task.endedAt > options.retainMs;

  function forget(task: ImportTask): void {
    tasks.delete(task.id);
    if (byFile.get(task.fileId) === task) byFile.delete(task.fileId);
  }

  /** Queues a write of the task's current `loaded` behind the earlier ones. */
  function flush(task: ImportTask, state: Writes): void {
    clearTimeout(state.timer);
    state.timer = undefined;
    if (state.written === task.loaded) return;
    const loaded = task.loaded;
    state.written = loaded;
    state.chain = state.chain
      .then(() => repo.progress(task.id, loaded, now().toISOString()))
      .catch(options.onWriteError);
  }

  return {
    reserve: (retryAfterSeconds: number) => slots.reserve(retryAfterSeconds),

    /** Registers a started task, here and in the database (and forgets long-ended ones here). */
    async add(
      fileId: string,
      owner: { creator: string | null; secretHash: string | null },
      total: number | null,
      controller: AbortController,
    ): Promise<ImportTask> {
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
      await repo.insert({
        id: task.id,
        file_id: fileId,
        owner: owner.creator,
        secret_hash: owner.secretHash,
        total,
        created_at: now().toISOString(),
      });
      tasks.set(task.id, task);
      byFile.set(fileId, task);
      writes.set(task.id, { written: 0, timer: undefined, chain: Promise.resolve() });
      return task;
    },

    /** Counts bytes that arrived; the database hears of them throttled (see PROGRESS_WRITE_*). */
    loaded(task: ImportTask, count: number): void {
      task.loaded += count;
      const state = writes.get(task.id);
      if (!state) return;
      if (task.loaded - state.written >= PROGRESS_WRITE_BYTES) flush(task, state);
      else if (state.timer === undefined) {
        state.timer = setTimeout(() => flush(task, state), PROGRESS_WRITE_MS);
        state.timer.unref();
      }
    },

    /** Marks a task ended, here (readable for `retainMs`) and in the database. */
    async end(task: ImportTask, outcome: Pick<ImportTask, 'state' | 'file' | 'error'>) {
      task.state = outcome.state;
      if (outcome.file) task.file = outcome.file;
      if (outcome.error) task.error = outcome.error;
      task.endedAt = now().getTime();
      const state = writes.get(task.id);
      writes.delete(task.id);
      if (state) {
        clearTimeout(state.timer);
        await state.chain;
      }
      await repo
        .end(
          task.id,
          {
            state: task.state,
            loaded: task.loaded,
            total: task.total,
            file_detail: task.file ? JSON.stringify(task.file) : null,
            error_code: task.error?.code ?? null,
            error_message: task.error?.message ?? null,
          },
          now().toISOString(),
        )
        .catch(options.onWriteError);
    },

    /**
     * What a progress read sees: this instance's task while it runs here, otherwise the row;
     * an import that ended more than `retainMs` ago is gone (undefined).
     */
    async read(id: string): Promise<ImportProgressView | undefined> {
      const task = tasks.get(id);
      if (task && !expired(task)) return task;
      const row = await repo.findById(id);
      if (!row || row.ended_at === null) return row && viewOf(row);
      return now().getTime() - Date.parse(row.ended_at) > options.retainMs
        ? undefined
        : viewOf(row);
    },

    /** The task writing this file on this instance, if one is known. */
    byFileId(fileId: string): ImportTask | undefined {
      const task = byFile.get(fileId);
      return task && !expired(task) ? task : undefined;
    },

    /** The newest import of this file as the database knows it (any instance). */
    async recordOf(fileId: string): Promise<ImportProgressView | undefined> {
      const row = await repo.findByFile(fileId);
      return row && viewOf(row);
    },

    running(): ImportTask[] {
      return [...tasks.values()].filter((task) => task.state === 'running');
    },

    /**
     * Deletes rows of imports that ended over `retainMs` ago, and of running imports nobody
     * wrote to for longer than a transfer may last plus `retainMs` (their instance stopped
     * without ending them). Answers how many went.
     */
    sweepExpired(transferMs: number): Promise<number> {
      const at = now().getTime();
      return repo.deleteOld(
        new Date(at - options.retainMs).toISOString(),
        new Date(at - transferMs - options.retainMs).toISOString(),
      );
    },
  };
}

/** A row as a progress read sees it. */
function viewOf(row: UrlImportRow): ImportProgressView {
  return {
    owner: row.owner,
    secretHash: row.secret_hash,
    state: row.state,
    loaded: row.loaded,
    total: row.total,
    ...(row.file_detail !== null ? { file: JSON.parse(row.file_detail) as FileDetail } : {}),
    ...(row.error_code !== null
      ? { error: { code: row.error_code as ErrorCode, message: row.error_message ?? '' } }
      : {}),
  };
}

export type ImportTasks = ReturnType<typeof createImportTasks>;
