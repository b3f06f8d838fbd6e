import type { JobSnapshot, UploadJob } from '../../lib/transfer';
import type { ShareFields } from './upload-options';

/** One file in the queue. */
export interface QueueItem {
  id: string;
  file: File;
  /** Refused before upload: larger than the server's limit. */
  tooLarge: boolean;
  /** Created when the file starts, with the options of that moment. */
  job: UploadJob | null;
}

/**
 * Makes the transfer of one file: direct or multipart, by size. `fields` is read at each
 * (re)send, so a retry after "link suffix taken" uses the corrected options.
 */
export type JobFactory = (file: File, fields: () => ShareFields, scope: string) => UploadJob;

/** What a file is sent with; null stops the run (the options have a problem). */
export type PrepareUpload = (
  item: QueueItem,
) => { fields: () => ShareFields; scope: string } | null;

/** Told when a job reaches success or error (also after a later retry or resume). */
export type SettledListener = (item: QueueItem, snapshot: JobSnapshot) => void;

let nextId = 1;

/** Whether a file waits to be sent. */
export function isPendingItem(item: QueueItem): boolean {
  if (item.tooLarge) return false;
  return item.job === null || item.job.getSnapshot().status === 'pending';
}

/**
 * The list of files on the Upload page: adds (refusing files over the limit), removes, and
 * runs pending files one at a time (a multipart upload already sends 3 parts in parallel).
 * An external store, for useSyncExternalStore.
 */
export class UploadQueue {
  private items: readonly QueueItem[] = [];
  private running = false;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers = new Map<string, () => void>();
  private snapshot: { items: readonly QueueItem[]; running: boolean } = {
    items: this.items,
    running: false,
  };

  private readonly settledListeners = new Set<SettledListener>();

  constructor(private readonly createJob: JobFactory) {}

  /** Listens for jobs reaching success or error; returns the unsubscribe. */
  onSettled = (listener: SettledListener): (() => void) => {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private publish(): void {
    this.snapshot = { items: this.items, running: this.running };
    for (const listener of [...this.listeners]) listener();
  }

  /** Adds files; those above `maxBytes` are listed as refused and never sent. */
  add(files: readonly File[], maxBytes: number): QueueItem[] {
    const added = files.map((file) => ({
      id: `upload-${nextId++}`,
      file,
      tooLarge: file.size > maxBytes,
      job: null,
    }));
    if (added.length === 0) return added;
    this.items = [...this.items, ...added];
    this.publish();
    return added;
  }

  /** Takes a file off the list, stopping its transfer (saved multipart progress stays). */
  remove(id: string): void {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item) return;
    this.unsubscribers.get(id)?.();
    this.unsubscribers.delete(id);
    item.job?.dispose();
    this.items = this.items.filter((candidate) => candidate.id !== id);
    this.publish();
  }

  /** Removes every finished file (success or refused). */
  clearFinished(): void {
    for (const item of this.items) {
      const status = item.job?.getSnapshot().status;
      if (item.tooLarge || status === 'success') this.remove(item.id);
    }
  }

  private attach(item: QueueItem, job: UploadJob): QueueItem {
    const withJob = { ...item, job };
    this.items = this.items.map((candidate) => (candidate.id === item.id ? withJob : candidate));
    let last = job.getSnapshot().status;
    const unsubscribe = job.subscribe(() => {
      const snapshot = job.getSnapshot();
      if (snapshot.status === last) return;
      last = snapshot.status;
      if (snapshot.status === 'success' || snapshot.status === 'error') {
        for (const listener of [...this.settledListeners]) listener(withJob, snapshot);
      }
      this.publish();
    });
    this.unsubscribers.set(item.id, unsubscribe);
    this.publish();
    return withJob;
  }

  /**
   * Sends every pending file, one after another. Each file is started once per run, so a
   * reset file waits for the next "upload all" instead of restarting at once.
   */
  async runAll(prepare: PrepareUpload): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.publish();
    const started = new Set<string>();
    try {
      for (;;) {
        const next = this.items.find((item) => isPendingItem(item) && !started.has(item.id));
        if (!next) break;
        started.add(next.id);
        let job = next.job;
        if (!job) {
          const prepared = prepare(next);
          if (!prepared) break;
          job = this.attach(next, this.createJob(next.file, prepared.fields, prepared.scope)).job;
        }
        await job?.start();
      }
    } finally {
      this.running = false;
      this.publish();
    }
  }

  /** Stops every transfer and listener (the page is going away). */
  dispose(): void {
    for (const unsubscribe of this.unsubscribers.values()) unsubscribe();
    this.unsubscribers.clear();
    for (const item of this.items) item.job?.dispose();
    this.listeners.clear();
    this.settledListeners.clear();
  }
}
