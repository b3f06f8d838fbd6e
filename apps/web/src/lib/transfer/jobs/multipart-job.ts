import type { FileDetail } from '@pasteport/contract';
import type { UploadSnapshot } from '../multipart';
import type { JobSnapshot, JobStatus, UploadJob } from './job';

/** The parts of MultipartUploader a job drives (an interface, so tests can fake it). */
export interface UploaderLike {
  getSnapshot: () => UploadSnapshot;
  subscribe: (listener: () => void) => () => void;
  start: () => Promise<unknown>;
  pause: () => void;
  resume: () => Promise<unknown>;
  retry: () => Promise<unknown>;
  abort: () => Promise<void>;
  reset: () => Promise<void>;
  dispose: () => void;
}

const STATUS: Record<UploadSnapshot['state'], JobStatus> = {
  idle: 'pending',
  uploading: 'uploading',
  paused: 'paused',
  completed: 'success',
  failed: 'error',
  aborted: 'error',
};

/** What the transport's complete answered, already parsed there (ServerMultipartTransport). */
function resultOf<R>(result: unknown): R | null {
  return typeof result === 'object' && result !== null ? (result as R) : null;
}

/**
 * A queue row's view of a multipart upload (SPEC §4): the uploader's snapshot mapped to
 * the row's, with its server failure (`detail`) for precise wording.
 */
export function jobSnapshotOf<R = FileDetail>(
  upload: UploadSnapshot,
  detail: unknown,
): JobSnapshot<R> {
  const status = STATUS[upload.state];
  const failure =
    upload.state === 'aborted'
      ? { kind: 'cancelled' as const }
      : upload.state === 'failed' && upload.error
        ? { kind: 'multipart' as const, error: upload.error, detail }
        : null;
  return {
    status,
    loaded: upload.loaded,
    total: upload.total,
    percent: upload.percent,
    speed: upload.speed,
    eta: upload.eta,
    failure,
    result: status === 'success' ? resultOf<R>(upload.result) : null,
    relayed: upload.via === 'relay',
    offline: upload.offline,
    pausing: upload.pausing,
  };
}

/**
 * A large file sent in parts by the multipart uploader: pause, resume, retry and reset
 * (SPEC §4); cancel aborts the server-side upload and drops the saved progress.
 */
export class MultipartJob<R = FileDetail> implements UploadJob<R> {
  readonly mode = 'multipart';
  readonly capabilities = { pause: true, reset: true };
  private cachedFrom: UploadSnapshot | null = null;
  private cachedDetail: unknown = undefined;
  private cached: JobSnapshot<R> | null = null;

  constructor(
    private readonly uploader: UploaderLike,
    /** The last server failure of the transport (e.g. a 507 on init), for the message. */
    private readonly lastError: () => unknown = () => undefined,
  ) {}

  getSnapshot = (): JobSnapshot<R> => {
    const upload = this.uploader.getSnapshot();
    const detail = upload.state === 'failed' ? this.lastError() : undefined;
    if (this.cached && this.cachedFrom === upload && this.cachedDetail === detail) {
      return this.cached;
    }
    this.cachedFrom = upload;
    this.cachedDetail = detail;
    this.cached = jobSnapshotOf<R>(upload, detail);
    return this.cached;
  };

  subscribe = (listener: () => void) => this.uploader.subscribe(listener);

  private get state() {
    return this.uploader.getSnapshot().state;
  }

  start = async (): Promise<void> => {
    if (this.state === 'idle') await this.uploader.start();
    else if (this.state === 'paused' || this.state === 'failed') await this.uploader.retry();
  };

  cancel = (): void => {
    const state = this.state;
    if (state === 'uploading' || state === 'paused' || state === 'failed') {
      void this.uploader.abort().catch(() => undefined);
    }
  };

  retry = async (): Promise<void> => {
    const state = this.state;
    if (state === 'paused' || state === 'failed') await this.uploader.retry();
    else if (state === 'aborted') {
      // A cancelled upload starts over: its server-side upload is gone.
      await this.uploader.reset();
      await this.uploader.start();
    }
  };

  pause = (): void => {
    if (this.state === 'uploading') this.uploader.pause();
  };

  resume = async (): Promise<void> => {
    if (this.state === 'paused') await this.uploader.resume();
  };

  reset = async (): Promise<void> => {
    await this.uploader.reset();
  };

  dispose = (): void => this.uploader.dispose();
}
