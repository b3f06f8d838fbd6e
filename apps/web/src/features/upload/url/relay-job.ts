import type { FileDetail } from '@pasteport/contract';
import {
  type JobFailure,
  type JobSnapshot,
  Listeners,
  SpeedMeter,
  systemClock,
  Throttle,
  type UploaderClock,
  type UploadJob,
} from '../../../lib/transfer';
import { DownloadError, type Downloaded, type OnDownload } from './download';

/** SPEC §4 URL upload progress: download 0–49 %, upload 50–99 %, 100 % when done. */
export type RelayPhase = 'idle' | 'download' | 'upload' | 'done' | 'error';

export type RelayFailure =
  { kind: 'download'; error: DownloadError } | { kind: 'upload'; failure: JobFailure };

export interface RelaySnapshot {
  phase: RelayPhase;
  /** Overall percent; undefined while downloading something of unknown size. */
  percent: number | undefined;
  /** Bytes of the current phase. */
  loaded: number;
  total: number | null;
  speed: number;
  eta: number | null;
  /** The server proxy fetched the URL (the remote refused the browser). */
  viaProxy: boolean;
  result: FileDetail | null;
  failure: RelayFailure | null;
}

/** Download percent on the 0–49 scale; undefined when the size is unknown. */
export function downloadPercent(loaded: number, total: number | null): number | undefined {
  if (total === null || total <= 0) return undefined;
  return Math.min(49, Math.floor((loaded / total) * 49));
}

/** Upload percent on the 50–99 scale (100 is kept for "done"). */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 50;
  return 50 + Math.min(49, Math.floor((loaded / total) * 49));
}

const IDLE: RelaySnapshot = {
  phase: 'idle',
  percent: 0,
  loaded: 0,
  total: null,
  speed: 0,
  eta: null,
  viaProxy: false,
  result: null,
  failure: null,
};

const PROGRESS_INTERVAL_MS = 100;

/** Dependencies of a relay: how to download, and how to upload the downloaded file. */
export interface RelayDeps {
  download: (
    signal: AbortSignal,
    onProgress: OnDownload,
    onFallback: () => void,
  ) => Promise<Downloaded>;
  /** An upload job for the downloaded bytes (presigned PUT or multipart, by size). */
  createUploadJob: (file: File) => UploadJob;
  filename: string;
  mimetype: string;
  clock?: UploaderClock;
}

/**
 * The browser relay of SPEC §4: download the URL in the browser (falling back to the
 * server proxy), then upload the bytes like a picked file. An external store for the UI.
 */
export class UrlRelayJob {
  private readonly listeners = new Listeners();
  private readonly meter = new SpeedMeter();
  private readonly clock: UploaderClock;
  private readonly throttle: Throttle;
  private snapshot: RelaySnapshot = IDLE;
  private pending: Partial<RelaySnapshot> = {};
  private controller: AbortController | null = null;
  private uploadJob: UploadJob | null = null;

  constructor(private readonly deps: RelayDeps) {
    this.clock = deps.clock ?? systemClock;
    this.throttle = new Throttle(this.clock, PROGRESS_INTERVAL_MS, () => this.flush());
  }

  getSnapshot = (): RelaySnapshot => this.snapshot;
  subscribe = (listener: () => void) => this.listeners.subscribe(listener);

  private set(patch: Partial<RelaySnapshot>): void {
    this.throttle.cancel();
    this.snapshot = { ...this.snapshot, ...this.pending, ...patch };
    this.pending = {};
    this.listeners.notify();
  }

  private flush(): void {
    this.snapshot = { ...this.snapshot, ...this.pending };
    this.pending = {};
    this.listeners.notify();
  }

  private onDownload: OnDownload = (loaded, total) => {
    const now = this.clock.now();
    this.meter.record(now, loaded);
    const speed = Math.round(this.meter.speed(now));
    const eta = total !== null && speed > 0 ? Math.ceil((total - loaded) / speed) : null;
    this.pending = { loaded, total, speed, eta, percent: downloadPercent(loaded, total) };
    this.throttle.request();
  };

  private mirrorUpload(job: JobSnapshot): void {
    this.pending = {
      loaded: job.loaded,
      total: job.total,
      speed: job.speed,
      eta: job.eta,
      percent: uploadPercent(job.loaded, job.total),
    };
    this.throttle.request();
  }

  /** Runs both phases; resolves when done, failed or cancelled (never rejects). */
  start = async (): Promise<void> => {
    if (this.snapshot.phase === 'download' || this.snapshot.phase === 'upload') return;
    const controller = new AbortController();
    this.controller = controller;
    this.meter.reset();
    this.set({ ...IDLE, phase: 'download', percent: 0 });

    let downloaded: Downloaded;
    try {
      downloaded = await this.deps.download(controller.signal, this.onDownload, () =>
        this.set({ viaProxy: true }),
      );
    } catch (error) {
      const failure =
        error instanceof DownloadError ? error : new DownloadError('network', undefined);
      this.set({
        phase: 'error',
        speed: 0,
        eta: null,
        failure: { kind: 'download', error: failure },
      });
      return;
    }
    if (controller.signal.aborted) {
      this.set({
        phase: 'error',
        failure: { kind: 'download', error: new DownloadError('cancelled') },
      });
      return;
    }

    const file = new File([downloaded.blob], this.deps.filename, { type: this.deps.mimetype });
    const job = this.deps.createUploadJob(file);
    this.uploadJob = job;
    this.set({
      phase: 'upload',
      viaProxy: downloaded.viaProxy,
      loaded: 0,
      total: file.size,
      speed: 0,
      eta: null,
      percent: 50,
    });
    const unsubscribe = job.subscribe(() => this.mirrorUpload(job.getSnapshot()));
    try {
      await job.start();
    } finally {
      unsubscribe();
    }
    const outcome = job.getSnapshot();
    if (outcome.status === 'success' && outcome.result) {
      this.set({
        phase: 'done',
        percent: 100,
        loaded: file.size,
        speed: 0,
        eta: 0,
        result: outcome.result,
      });
    } else {
      const failure = outcome.failure ?? { kind: 'cancelled' as const };
      this.set({ phase: 'error', speed: 0, eta: null, failure: { kind: 'upload', failure } });
    }
    job.dispose();
    this.uploadJob = null;
  };

  /** Stops whichever phase is running. */
  cancel = (): void => {
    this.controller?.abort();
    this.uploadJob?.cancel();
  };

  dispose = (): void => {
    this.cancel();
    this.throttle.cancel();
    this.listeners.clear();
  };
}
