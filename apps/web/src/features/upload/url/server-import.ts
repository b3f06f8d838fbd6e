import type { FileDetail } from '@pasteport/contract';
import { Listeners, systemClock, type UploaderClock } from '../../../lib/transfer';
import type { UrlImportStarted, UrlImportTask } from '../url-api';

/** How often the task is asked about (the brief: every second). */
export const IMPORT_POLL_MS = 1_000;
/** Polls that may fail in a row (a blip) before the import is reported as failed. */
const MAX_POLL_FAILURES = 3;

export type ImportState = 'idle' | 'starting' | 'running' | 'completed' | 'failed' | 'cancelled';

/** Why an import failed: a call failed, or the task itself reported an error. */
export type ImportFailure =
  { kind: 'request'; error: unknown } | { kind: 'task'; error: UrlImportTask['error'] };

export interface ImportSnapshot {
  state: ImportState;
  loaded: number;
  total: number | null;
  /** 0–99 while running (100 once stored); undefined when the size is unknown. */
  percent: number | undefined;
  result: FileDetail | null;
  failure: ImportFailure | null;
}

export interface ImportDeps {
  start: (signal: AbortSignal) => Promise<UrlImportStarted>;
  /** Reads the task's progress, presenting the secret the start answered. */
  poll: (taskId: string, uploadSecret: string, signal: AbortSignal) => Promise<UrlImportTask>;
  /** Stops the import of `fileId`, presenting the secret the start answered. */
  cancel: (fileId: string, uploadSecret: string | undefined) => Promise<void>;
  pollMs?: number;
  clock?: UploaderClock;
}

const IDLE: ImportSnapshot = {
  state: 'idle',
  loaded: 0,
  total: null,
  percent: 0,
  result: null,
  failure: null,
};

function runningPercent(loaded: number, total: number | null): number | undefined {
  if (total === null || total <= 0) return undefined;
  return Math.min(99, Math.floor((loaded / total) * 100));
}

/**
 * "Let the server fetch it": POST /url/import, then GET /url/import/{task} every second
 * until the task completes, fails or is cancelled (POST /url/cancel). An external store.
 */
export class ServerImportJob {
  private readonly listeners = new Listeners();
  private readonly clock: UploaderClock;
  private readonly pollMs: number;
  private snapshot: ImportSnapshot = IDLE;
  private controller: AbortController | null = null;
  private timer: ReturnType<UploaderClock['setTimeout']> | null = null;
  private started: UrlImportStarted | null = null;
  private lastTask: UrlImportTask | null = null;
  private pollFailures = 0;

  constructor(private readonly deps: ImportDeps) {
    this.clock = deps.clock ?? systemClock;
    this.pollMs = deps.pollMs ?? IMPORT_POLL_MS;
  }

  getSnapshot = (): ImportSnapshot => this.snapshot;
  subscribe = (listener: () => void) => this.listeners.subscribe(listener);

  private set(patch: Partial<ImportSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.notify();
  }

  private get active(): boolean {
    return this.snapshot.state === 'starting' || this.snapshot.state === 'running';
  }

  start = async (): Promise<void> => {
    if (this.active) return;
    const controller = new AbortController();
    this.controller = controller;
    this.started = null;
    this.lastTask = null;
    this.pollFailures = 0;
    this.set({ ...IDLE, state: 'starting' });
    try {
      this.started = await this.deps.start(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted)
        this.set({ state: 'failed', failure: { kind: 'request', error } });
      return;
    }
    if (controller.signal.aborted) return;
    this.set({ state: 'running' });
    this.schedule();
  };

  private schedule(): void {
    this.timer = this.clock.setTimeout(() => void this.pollOnce(), this.pollMs);
  }

  private async pollOnce(): Promise<void> {
    this.timer = null;
    const controller = this.controller;
    const started = this.started;
    if (!controller || !started || !this.active) return;
    let task: UrlImportTask;
    try {
      task = await this.deps.poll(started.task_id, started.upload_secret, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.pollFailures += 1;
      if (this.pollFailures >= MAX_POLL_FAILURES) {
        this.set({ state: 'failed', failure: { kind: 'request', error } });
      } else this.schedule();
      return;
    }
    if (controller.signal.aborted || !this.active) return;
    this.pollFailures = 0;
    this.lastTask = task;
    if (task.state === 'running') {
      this.set({
        loaded: task.loaded,
        total: task.total,
        percent: runningPercent(task.loaded, task.total),
      });
      this.schedule();
    } else if (task.state === 'completed') {
      this.set({
        state: 'completed',
        loaded: task.loaded,
        total: task.total,
        percent: 100,
        result: task.file ?? null,
      });
    } else if (task.state === 'cancelled') {
      this.set({ state: 'cancelled' });
    } else {
      this.set({ state: 'failed', failure: { kind: 'task', error: task.error } });
    }
  }

  /** The file record to cancel: the one the server named, else the task id. */
  private fileIdToCancel(): string | undefined {
    return this.started?.file_id ?? this.started?.task_id;
  }

  /** Stops polling and asks the server to stop (best effort: the UI shows cancelled). */
  cancel = async (): Promise<void> => {
    if (!this.active) return;
    const fileId = this.fileIdToCancel();
    const secret = this.started?.upload_secret;
    this.stop();
    this.set({ state: 'cancelled' });
    if (fileId) await this.deps.cancel(fileId, secret).catch(() => undefined);
  };

  private stop(): void {
    this.controller?.abort();
    this.controller = null;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  dispose = (): void => {
    this.stop();
    this.listeners.clear();
  };
}
