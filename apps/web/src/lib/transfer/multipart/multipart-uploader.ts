import {
  MULTIPART_CONCURRENCY,
  PART_MAX_RETRIES,
  PART_RETRY_DELAY_MS,
  PART_UPLOAD_TIMEOUT_MS,
} from '@pasteport/contract/plain';
import { ChunkTable, type ChunkInfo } from './chunk-table';
import { sleepOn, systemClock, type Sleep, type UploaderClock } from './clock';
import { ConnectionWatch } from './connection-watch';
import { browserConnectivity, type Connectivity } from '../../connectivity';
import { sendParts, type PartSenderHost } from './part-sender';
import {
  assertLive,
  createRun,
  withRetries,
  type RetryPolicy,
  type Run,
  type StopReason,
} from './run';
import {
  pruneSavedUploads,
  readSavedUpload,
  removeSavedUpload,
  savedUploadKey,
  uploadFingerprint,
  writeSavedUpload,
} from './saved-uploads';
import {
  isValidSession,
  openSession,
  resumeIdsOf,
  sessionFromSaved,
  type SessionOpener,
} from './session';
import { buildSnapshot } from './snapshot';
import { SnapshotStore } from './snapshot-store';
import { SpeedMeter } from './speed-meter';
import type {
  MultipartTransport,
  PartRoute,
  PartTarget,
  StoredPart,
  UploadError,
  UploaderState,
  UploadSession,
  UploadSnapshot,
} from './types';
import {
  cancelledError,
  IncompleteUploadError,
  isConnectionError,
  partsFailedError,
  UploaderStateError,
  uploadErrorOf,
} from './upload-errors';

/** ≤ 10 progress snapshots per second. */
const PROGRESS_INTERVAL_MS = 100;

/** One file's upload; everything but file, transport and scope has SPEC §9 defaults. */
export interface MultipartUploaderOptions {
  file: File;
  transport: MultipartTransport;
  /** Where the file goes (e.g. the storage config id): part of the saved-progress key. */
  scope: string;
  concurrency?: number;
  maxRetries?: number;
  retryDelayMs?: number;
  partTimeoutMs?: number;
  progressIntervalMs?: number;
  clock?: UploaderClock;
  sleep?: Sleep;
  connectivity?: Connectivity;
}

/** States in which the upload can still move (and so listens for the connection). */
const ACTIVE_STATES = new Set<UploaderState>(['uploading', 'paused', 'failed']);

/**
 * The SPEC §4 multipart uploader: 3 parts in flight, 3 retries per part (1 s × attempt),
 * a 300 s part timeout, progress saved after every part so a reload resumes, waits
 * instead of failing while the browser is offline, and falls back to relaying parts
 * through the server when storage refuses direct PUTs (CORS). Part sending, sessions,
 * retries and the snapshot store live in their own files; what stays here is the state
 * machine, kept whole because every transition reads and writes the same fields.
 */
export class MultipartUploader {
  readonly file: File;
  private readonly transport: MultipartTransport;
  private readonly storageKey: string;
  private readonly clock: UploaderClock;
  private readonly policy: RetryPolicy;
  private readonly watch: ConnectionWatch;
  private readonly store: SnapshotStore;
  private readonly parts: PartSenderHost;
  private readonly meter = new SpeedMeter();

  private state: UploaderState = 'idle';
  private error: UploadError | null = null;
  private result: unknown = undefined;
  private via: PartRoute = 'direct';
  private session: UploadSession | null = null;
  private targets = new Map<number, PartTarget>();
  private chunks: ChunkTable | null = null;
  private run: Run | null = null;
  /** What the current run's execute() returns to; a pause waits for it to drain. */
  private executing: Promise<void> | null = null;
  /** A paused run whose parts in flight are still finishing; the next run waits for it. */
  private draining: { run: Run; done: Promise<void> } | null = null;
  /** The last run launched, even once stopped: only it may adopt a late session. */
  private latestRun: Run | null = null;
  /** Every byte that reached the network, retries included: what the speed is made of. */
  private sent = 0;
  private failedForNetwork = false;
  private refreshing: Promise<boolean> | null = null;

  constructor(options: MultipartUploaderOptions) {
    this.file = options.file;
    this.transport = options.transport;
    this.storageKey = savedUploadKey(uploadFingerprint(options.file, options.scope));
    this.clock = options.clock ?? systemClock;
    this.policy = {
      maxRetries: options.maxRetries ?? PART_MAX_RETRIES,
      retryDelayMs: options.retryDelayMs ?? PART_RETRY_DELAY_MS,
      sleep: options.sleep ?? sleepOn(this.clock),
    };
    this.watch = new ConnectionWatch(options.connectivity ?? browserConnectivity, (online) =>
      this.onConnectivityChange(online),
    );
    this.store = new SnapshotStore(
      this.clock,
      options.progressIntervalMs ?? PROGRESS_INTERVAL_MS,
      () => this.buildSnapshot(),
    );
    this.parts = this.partSenderHost(
      Math.max(1, options.concurrency ?? MULTIPART_CONCURRENCY),
      options.partTimeoutMs ?? PART_UPLOAD_TIMEOUT_MS,
    );
  }

  /** For useSyncExternalStore: called after each snapshot change. */
  readonly subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  /** The current snapshot; the same object until something in it changes. */
  readonly getSnapshot = (): UploadSnapshot => this.store.getSnapshot();

  /** Per-part statuses (SPEC §4 chunk statuses), for detail views and tests. */
  chunkInfo(): ChunkInfo[] {
    return this.chunks?.info() ?? [];
  }

  /**
   * idle → uploading. Resumes saved progress of the same file when the server still has
   * it. Resolves with the snapshot at which this run stopped; never rejects.
   */
  start(): Promise<UploadSnapshot> {
    if (this.state !== 'idle') throw new UploaderStateError('NOT_IDLE');
    return this.launch();
  }

  /**
   * uploading → paused. No new part starts; parts in flight finish and are recorded (the
   * snapshot says `pausing` meanwhile), so resuming never sends a finished part again and
   * the progress shown after a pause is what storage holds.
   */
  pause(): void {
    if (this.state !== 'uploading') throw new UploaderStateError('NOT_UPLOADING');
    const executing = this.executing;
    const inFlight = (this.chunks?.summary().uploading ?? 0) > 0;
    const run = this.stop('pause');
    // Only parts in flight are waited for; a run still opening its session just stops.
    if (run && executing && inFlight) {
      const done = executing.then(() => {
        if (this.draining?.run === run) this.draining = null;
        // Parts whose request failed while pausing are simply pending again.
        this.chunks?.releaseInFlight();
        this.store.flush();
      });
      this.draining = { run, done };
    }
    this.setState('paused');
    run?.resolve(this.getSnapshot());
  }

  /** paused → uploading, with fresh part URLs; throws 'only paused uploads can be resumed'. */
  resume(): Promise<UploadSnapshot> {
    if (this.state !== 'paused') throw new UploaderStateError('NOT_PAUSED');
    return this.launch();
  }

  /** paused or failed → uploading; sends only the parts the server does not hold. */
  retry(): Promise<UploadSnapshot> {
    if (this.state !== 'paused' && this.state !== 'failed') {
      throw new UploaderStateError('NOT_RETRYABLE');
    }
    return this.launch();
  }

  /** Cancels for good: → aborted, server-side upload aborted, saved progress dropped. */
  async abort(): Promise<void> {
    if (!ACTIVE_STATES.has(this.state)) throw new UploaderStateError('NOT_ABORTABLE');
    const session = this.knownSession();
    const run = this.stop('abort');
    removeSavedUpload(this.storageKey);
    this.error = cancelledError();
    this.setState('aborted');
    run?.resolve(this.getSnapshot());
    if (session) await this.abortRemote(session);
  }

  /**
   * Any state → idle: aborts the server-side upload (unless it finished or was already
   * cancelled) and forgets saved progress, so the next start begins from scratch.
   */
  async reset(): Promise<void> {
    const finished = this.state === 'completed' || this.state === 'aborted';
    const session = finished ? null : this.knownSession();
    const run = this.stop('reset');
    removeSavedUpload(this.storageKey);
    this.session = null;
    this.targets = new Map();
    this.chunks = null;
    this.error = null;
    this.result = undefined;
    this.via = 'direct';
    this.sent = 0;
    this.failedForNetwork = false;
    this.meter.reset();
    this.setState('idle');
    run?.resolve(this.getSnapshot());
    if (session) await this.abortRemote(session);
  }

  /**
   * Stops local work (requests, timers, listeners) without touching the server or the
   * saved progress — a later uploader for the same file resumes. For unmounting.
   */
  dispose(): void {
    const run = this.stop('dispose');
    if (this.state === 'uploading') this.setState('paused');
    run?.resolve(this.getSnapshot());
    this.store.stop();
    this.watch.listen(false);
  }

  // ── runs ────────────────────────────────────────────────────────────────────────────

  private launch(): Promise<UploadSnapshot> {
    const { run, done } = createRun();
    this.run = run;
    this.latestRun = run;
    this.error = null;
    this.failedForNetwork = false;
    this.meter.reset();
    this.meter.record(this.clock.now(), this.sent);
    this.setState('uploading');
    const executing = this.execute(run);
    this.executing = executing;
    void executing.finally(() => run.resolve(this.getSnapshot()));
    return done;
  }

  private async execute(run: Run): Promise<void> {
    try {
      // Parts a pause let finish are recorded before the server's part list is read again.
      if (this.draining) await this.draining.done;
      const opened = await openSession(this.sessionOpener(), run, this.session);
      if (run.stopReason !== null && this.latestRun !== run) {
        // Paused and resumed while this run waited: the newer run opens its own session.
        if (opened.created) void this.abortRemote(opened.session);
        return;
      }
      this.adopt(opened.session, opened.parts);
      assertLive(run);
      await sendParts(this.parts, run, this.table().missing());
      assertLive(run);
      const failed = this.table().failed();
      if (failed.length > 0) {
        const connection = failed.every((chunk) => chunk.error && isConnectionError(chunk.error));
        this.fail(run, partsFailedError(failed), connection);
        return;
      }
      await this.complete(run);
    } catch (error) {
      if (run.stopReason !== null) return;
      const uploadError = uploadErrorOf(error);
      this.fail(run, uploadError, isConnectionError(uploadError));
    }
  }

  /**
   * Ends the current run: its waits and server calls are aborted and late answers ignored.
   * Its part requests are aborted too, except on a pause, which lets them finish.
   */
  private stop(reason: StopReason): Run | null {
    if (reason !== 'pause') this.draining?.run.requests.abort();
    const run = this.run;
    if (!run) return null;
    this.run = null;
    this.executing = null;
    run.stopReason ??= reason;
    run.controller.abort();
    if (reason !== 'pause') {
      run.requests.abort();
      this.chunks?.releaseInFlight();
    }
    this.refreshing = null;
    return run;
  }

  private fail(run: Run, error: UploadError, forNetwork: boolean): void {
    this.stop('settled');
    this.error = error;
    this.failedForNetwork = forNetwork;
    this.setState('failed');
    run.resolve(this.getSnapshot());
  }

  private table(): ChunkTable {
    if (!this.chunks) throw new IncompleteUploadError('no parts');
    return this.chunks;
  }

  private requireSession(): UploadSession {
    if (!this.session) throw new IncompleteUploadError('no session');
    return this.session;
  }

  /** The session to abort: the live one, or the saved one a reload left behind. */
  private knownSession(): UploadSession | null {
    if (this.session) return this.session;
    const saved = readSavedUpload(this.storageKey, this.clock.now());
    return saved ? sessionFromSaved(saved) : null;
  }

  private async abortRemote(session: UploadSession): Promise<void> {
    try {
      await this.transport.abort(session);
    } catch {
      // SPEC §8: aborting reports instead of raising; storage lifecycle rules sweep leftovers.
    }
  }

  private retrying<T>(run: Run, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return withRetries(run, this.policy, this.watch, call);
  }

  // ── session ─────────────────────────────────────────────────────────────────────────

  /** Takes the server's session and part list as the truth, and saves them. */
  private adopt(session: UploadSession, parts: readonly StoredPart[]): void {
    if (!isValidSession(session, this.file.size)) {
      throw new IncompleteUploadError('session does not describe this file');
    }
    const table = new ChunkTable(this.file.size, session.partSize);
    table.applyServerParts(parts);
    const targets = new Map(session.targets.map((target) => [target.partNumber, target]));
    if (this.via === 'direct' && table.missing().some((chunk) => !targets.has(chunk.partNumber))) {
      throw new IncompleteUploadError('part URLs missing');
    }
    this.session = session;
    this.targets = targets;
    this.chunks = table;
    this.save();
    this.store.flush();
  }

  private save(): void {
    const { session, chunks } = this;
    if (!session || !chunks) return;
    writeSavedUpload(this.storageKey, {
      fileId: session.fileId,
      uploadId: session.uploadId,
      ...(session.uploadSecret ? { uploadSecret: session.uploadSecret } : {}),
      partSize: session.partSize,
      partCount: session.partCount,
      parts: chunks.storedParts(),
      savedAt: this.clock.now(),
    });
  }

  /** Fresh part URLs (presigned URLs expire in long uploads), shared by parts asking together. */
  private refreshTargets(run: Run): Promise<boolean> {
    if (this.refreshing) return this.refreshing;
    const refreshing = this.fetchTargets(run).finally(() => {
      if (this.refreshing === refreshing) this.refreshing = null;
    });
    this.refreshing = refreshing;
    return refreshing;
  }

  private async fetchTargets(run: Run): Promise<boolean> {
    const session = this.session;
    if (!session) return false;
    try {
      const ids = resumeIdsOf(session);
      const fresh = await this.retrying(run, (signal) => this.transport.resume(ids, signal));
      for (const target of fresh.session.targets) this.targets.set(target.partNumber, target);
      return true;
    } catch {
      return false;
    }
  }

  private sessionOpener(): SessionOpener {
    return {
      file: this.file,
      transport: this.transport,
      storageKey: this.storageKey,
      now: () => this.clock.now(),
      retrying: (run, call) => this.retrying(run, call),
      abortRemote: (session) => this.abortRemote(session),
    };
  }

  private partSenderHost(concurrency: number, partTimeoutMs: number): PartSenderHost {
    // Functions, not values: the session, route and targets change between (and during) runs.
    return {
      file: this.file,
      transport: this.transport,
      clock: this.clock,
      policy: this.policy,
      watch: this.watch,
      concurrency,
      partTimeoutMs,
      session: () => this.requireSession(),
      via: () => this.via,
      target: (partNumber) => this.targets.get(partNumber),
      switchToRelay: () => {
        if (this.via === 'relay') return;
        this.via = 'relay';
        this.store.flush();
      },
      refreshTargets: (run) => this.refreshTargets(run),
      bytesSent: (bytes) => {
        this.sent += bytes;
        this.meter.record(this.clock.now(), this.sent);
      },
      partStored: () => this.save(),
      changed: () => this.store.request(),
    };
  }

  // ── completion ──────────────────────────────────────────────────────────────────────

  private async complete(run: Run): Promise<void> {
    const table = this.table();
    const session = this.requireSession();
    if (table.hasUnknownEtags()) {
      // CORS hid some ETag headers; the server's part list has them.
      const ids = resumeIdsOf(session);
      const fresh = await this.retrying(run, (signal) => this.transport.resume(ids, signal));
      assertLive(run);
      table.fillEtags(fresh.parts);
    }
    const parts = table.completionList();
    if (!parts) throw new IncompleteUploadError('part ETags missing');
    // Every byte is sent: show it now, not after the throttle, while the server assembles.
    this.store.flush();
    const result = await this.retrying(run, (signal) =>
      this.transport.complete(session, parts, signal),
    );
    // Assembled is assembled, even if the user paused at the last moment (resuming would
    // find the upload gone and start over): end whichever run is current as completed.
    if (run.stopReason !== null && run.stopReason !== 'pause' && run.stopReason !== 'dispose') {
      return;
    }
    removeSavedUpload(this.storageKey);
    this.result = result;
    const current = this.stop('settled');
    this.setState('completed');
    run.resolve(this.getSnapshot());
    current?.resolve(this.getSnapshot());
  }

  // ── connectivity and snapshot ───────────────────────────────────────────────────────

  private onConnectivityChange(online: boolean): void {
    this.store.flush();
    if (online && this.state === 'failed' && this.failedForNetwork) void this.retry();
  }

  private setState(next: UploaderState): void {
    this.state = next;
    this.watch.listen(ACTIVE_STATES.has(next));
    this.store.flush();
  }

  private buildSnapshot(): UploadSnapshot {
    return buildSnapshot({
      state: this.state,
      total: this.file.size,
      chunks: this.chunks,
      speed: this.state === 'uploading' ? this.meter.speed(this.clock.now()) : 0,
      via: this.via,
      offline: !this.watch.online,
      pausing: this.draining !== null,
      error: this.error,
      fileId: this.session?.fileId ?? null,
      result: this.result,
    });
  }
}

// Progress nobody came back to within 24 h is dropped as soon as the transfer engine loads.
pruneSavedUploads(Date.now());
