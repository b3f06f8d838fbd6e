import type { FsWritten, UploadTaskCreated, UploadTaskReport } from '@pasteport/contract';
import { isRecord } from '@pasteport/contract/plain';
import type { JobSnapshot, UploadJob } from '../../../lib/transfer';
import { childPath } from '../location';
import { targetOf, type UploadTarget } from './fs-upload-api';
import type { PickedFile } from './picked-files';

/** Files sent at once (a multipart file already sends several parts in parallel). */
export const UPLOADS_AT_ONCE = 2;
/** SPEC §9: recent uploads shown. */
export const RECENT_UPLOADS_SHOWN = 3;

export const OPEN_UPLOADS_KEY = 'pasteport.explorerUploads.open';
export const RECENT_EXPLORER_UPLOADS_KEY = 'pasteport.explorerUploads.recent';

/** One file of an upload task not reported yet (kept so a reload can finish it). */
export interface OpenUpload {
  taskId: string;
  seq: number;
  path: string;
  size: number;
}

/** A finished upload, newest first in the recent list. */
export interface RecentExplorerUpload {
  path: string;
  size: number;
  at: number;
}

/** One file being uploaded, as the panel shows it. */
export interface UploadRow {
  id: string;
  path: string;
  size: number;
  job: UploadJob<FsWritten>;
  /** Its item in the server's upload task (null once reported). */
  item: { taskId: string; seq: number } | null;
}

export interface UploadsSnapshot {
  rows: readonly UploadRow[];
  recent: readonly RecentExplorerUpload[];
  /** Files of an earlier page's task that were never finished: pick them again to resume. */
  interrupted: readonly OpenUpload[];
  /** Why the last batch could not start (the task was refused), until the next one. */
  startError: unknown;
}

/** What the uploads need from the outside world (the API, the transfer engine, storage). */
export interface UploadDeps {
  createTask: (
    folder: string,
    files: { path: string; size: number }[],
  ) => Promise<UploadTaskCreated>;
  report: (taskId: string, seq: number, report: UploadTaskReport) => Promise<void>;
  makeJob: (file: File, target: UploadTarget) => UploadJob<FsWritten>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
}

function readList<T>(storage: UploadDeps['storage'], key: string, valid: (v: unknown) => v is T) {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(valid) : [];
  } catch {
    return [];
  }
}

const isOpen = (v: unknown): v is OpenUpload =>
  isRecord(v) &&
  typeof v.taskId === 'string' &&
  typeof v.seq === 'number' &&
  typeof v.path === 'string' &&
  typeof v.size === 'number';
const isRecent = (v: unknown): v is RecentExplorerUpload =>
  isRecord(v) &&
  typeof v.path === 'string' &&
  typeof v.size === 'number' &&
  typeof v.at === 'number';

/** The reason a failed job reports to its task (English, for the task's item list). */
export function failureReason(snapshot: JobSnapshot<FsWritten>): string {
  const failure = snapshot.failure;
  if (!failure || failure.kind === 'cancelled') return 'operation cancelled';
  const error = failure.kind === 'request' ? failure.error : (failure.detail ?? failure.error);
  const message = isRecord(error) && typeof error.message === 'string' ? error.message : '';
  return (message || 'upload failed').slice(0, 500);
}

let nextId = 1;

/**
 * The explorer's uploads: each batch (a pick or a drop, folders included) is recorded as an
 * `upload` task the server shows in the task manager; files go two at a time, small ones in
 * one form and large ones through the resumable multipart uploader; each file's end is
 * reported to its task exactly once. Files of a task a reload interrupted are remembered:
 * picking the same file for the same place again reports to that task (and the multipart
 * uploader resumes its saved parts). An external store for useSyncExternalStore.
 */
export class ExplorerUploads {
  private snapshot: UploadsSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly storedListeners = new Set<(path: string) => void>();
  private readonly active = new Set<string>();

  constructor(private readonly deps: UploadDeps) {
    this.snapshot = {
      rows: [],
      recent: readList(deps.storage, RECENT_EXPLORER_UPLOADS_KEY, isRecent).slice(
        0,
        RECENT_UPLOADS_SHOWN,
      ),
      interrupted: readList(deps.storage, OPEN_UPLOADS_KEY, isOpen),
      startError: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadsSnapshot => this.snapshot;

  /** Told the path of every file that reached storage (to refresh its folder). */
  onStored(listener: (path: string) => void): () => void {
    this.storedListeners.add(listener);
    return () => this.storedListeners.delete(listener);
  }

  private publish(patch: Partial<UploadsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private saveOpen(open: readonly OpenUpload[]): void {
    this.deps.storage.setItem(OPEN_UPLOADS_KEY, JSON.stringify(open));
  }

  private openRecords(): OpenUpload[] {
    return readList(this.deps.storage, OPEN_UPLOADS_KEY, isOpen);
  }

  /**
   * Starts uploading `picked` into `folder`. Resolves once the batch is recorded (its
   * files then run on their own); a refused task (e.g. over the quota) is `startError`.
   */
  async add(folder: string, picked: readonly PickedFile[]): Promise<void> {
    if (picked.length === 0) return;
    const open = this.openRecords();
    const planned = picked.map((entry) => ({
      ...entry,
      path: childPath(folder, entry.relativePath),
    }));
    const resumed = new Map<string, OpenUpload>();
    for (const entry of planned) {
      const earlier = open.find(
        (record) => record.path === entry.path && record.size === entry.file.size,
      );
      if (earlier && !resumed.has(entry.path)) resumed.set(entry.path, earlier);
    }
    const fresh = planned.filter((entry) => !resumed.has(entry.path));
    let created: UploadTaskCreated | null = null;
    let startError: unknown = null;
    if (fresh.length > 0) {
      try {
        created = await this.deps.createTask(
          folder,
          fresh.map((entry) => ({ path: entry.relativePath, size: entry.file.size })),
        );
      } catch (error) {
        startError = error;
      }
    }
    if (!created && resumed.size === 0) {
      this.publish({ startError });
      return;
    }
    const items = new Map<string, { taskId: string; seq: number }>(
      [...resumed].map(([path, record]) => [path, { taskId: record.taskId, seq: record.seq }]),
    );
    if (created) {
      created.items.forEach((item, index) => {
        const entry = fresh[index];
        if (entry) items.set(entry.path, { taskId: created.taskId, seq: item.seq });
      });
    }
    const rows: UploadRow[] = planned.flatMap((entry) => {
      const item = items.get(entry.path);
      if (!item) return [];
      return [
        {
          id: `explorer-upload-${nextId++}`,
          path: entry.path,
          size: entry.file.size,
          item,
          job: this.deps.makeJob(entry.file, targetOf(entry.path)),
        },
      ];
    });
    const kept = open.filter((record) => !resumed.has(record.path));
    const opened = rows.flatMap((row) =>
      row.item ? [{ ...row.item, path: row.path, size: row.size }] : [],
    );
    this.saveOpen([...kept, ...opened]);
    this.publish({
      rows: [...this.snapshot.rows, ...rows],
      interrupted: this.snapshot.interrupted.filter((record) => !resumed.has(record.path)),
      startError,
    });
    this.pump();
  }

  /** Starts pending files while fewer than UPLOADS_AT_ONCE are moving. */
  private pump(): void {
    for (const row of this.snapshot.rows) {
      if (this.active.size >= UPLOADS_AT_ONCE) return;
      if (this.active.has(row.id) || row.job.getSnapshot().status !== 'pending') continue;
      void this.drive(row, row.job.start);
    }
  }

  /** Runs one action of a job and reports how the file ended, if it did. */
  private async drive(row: UploadRow, action: () => Promise<void>): Promise<void> {
    this.active.add(row.id);
    try {
      await action();
    } finally {
      this.active.delete(row.id);
    }
    await this.settle(row);
    this.pump();
  }

  private async settle(row: UploadRow): Promise<void> {
    const snapshot = row.job.getSnapshot();
    if (snapshot.status === 'success') {
      this.remember(row);
      for (const listener of [...this.storedListeners]) listener(row.path);
      await this.finish(row, { status: 'completed' });
    } else if (snapshot.status === 'error') {
      await this.finish(row, { status: 'failed', error: failureReason(snapshot) });
    }
  }

  /** Reports the file's end to its task once, and forgets the open record. */
  private async finish(row: UploadRow, report: UploadTaskReport): Promise<void> {
    const item = row.item;
    if (!item) return;
    row.item = null;
    this.saveOpen(
      this.openRecords().filter(
        (record) => !(record.taskId === item.taskId && record.seq === item.seq),
      ),
    );
    // A report that fails (the task was cancelled or cleared meanwhile) changes nothing here.
    await this.deps.report(item.taskId, item.seq, report).catch(() => undefined);
  }

  private remember(row: UploadRow): void {
    const recent = [
      { path: row.path, size: row.size, at: this.deps.now() },
      ...this.snapshot.recent.filter((entry) => entry.path !== row.path),
    ].slice(0, RECENT_UPLOADS_SHOWN);
    this.deps.storage.setItem(RECENT_EXPLORER_UPLOADS_KEY, JSON.stringify(recent));
    this.publish({ recent });
  }

  private row(id: string): UploadRow | undefined {
    return this.snapshot.rows.find((row) => row.id === id);
  }

  cancel(id: string): void {
    const row = this.row(id);
    if (!row) return;
    const status = row.job.getSnapshot().status;
    row.job.cancel();
    // A paused or waiting file has no run to settle it: report it here.
    if (status === 'paused' || status === 'pending') {
      void this.finish(row, { status: 'failed', error: 'operation cancelled' });
      this.publish({ rows: this.snapshot.rows.filter((other) => other.id !== id) });
      row.job.dispose();
    }
  }

  pause(id: string): void {
    this.row(id)?.job.pause();
  }

  resume(id: string): void {
    const row = this.row(id);
    if (row) void this.drive(row, row.job.resume);
  }

  /**
   * Sends a failed file again. Its item was reported failed, so the file gets a task of its
   * own (the task manager shows the second attempt).
   */
  async retry(id: string): Promise<void> {
    const row = this.row(id);
    if (!row || row.job.getSnapshot().status !== 'error') return;
    const { folder, name } = targetOf(row.path);
    try {
      const created = await this.deps.createTask(folder, [{ path: name, size: row.size }]);
      const item = created.items[0];
      if (!item) return;
      row.item = { taskId: created.taskId, seq: item.seq };
      this.saveOpen([...this.openRecords(), { ...row.item, path: row.path, size: row.size }]);
    } catch (error) {
      this.publish({ startError: error });
      return;
    }
    await this.drive(row, row.job.retry);
  }

  /** Drops finished rows (stored and cancelled ones) from the panel. */
  clearFinished(): void {
    const done = (row: UploadRow) => {
      const status = row.job.getSnapshot().status;
      return status === 'success' || status === 'error';
    };
    for (const row of this.snapshot.rows) if (done(row)) row.job.dispose();
    this.publish({ rows: this.snapshot.rows.filter((row) => !done(row)), startError: null });
  }

  /** Gives up the files a reload interrupted: their task items are reported failed. */
  async forgetInterrupted(): Promise<void> {
    const interrupted = this.snapshot.interrupted;
    this.publish({ interrupted: [] });
    const gone = new Set(interrupted.map((record) => `${record.taskId}:${record.seq}`));
    this.saveOpen(this.openRecords().filter((r) => !gone.has(`${r.taskId}:${r.seq}`)));
    await Promise.all(
      interrupted.map((record) =>
        this.deps
          .report(record.taskId, record.seq, { status: 'failed', error: 'operation cancelled' })
          .catch(() => undefined),
      ),
    );
  }
}
