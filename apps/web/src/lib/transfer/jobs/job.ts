import type { FileDetail } from '@pasteport/contract';
import type { UploadError } from '../multipart';

/** SPEC §4 "Upload file status", plus paused for multipart uploads. */
export type JobStatus = 'pending' | 'uploading' | 'paused' | 'success' | 'error';

/** Why a job stopped in error, kept raw so the page words it from codes in its language. */
export type JobFailure =
  | { kind: 'cancelled' }
  /** A request failed: an ApiError (with `data` for 507) or a TransferError. */
  | { kind: 'request'; error: unknown }
  /** The multipart uploader gave up; `detail` is the server call's own failure, if known. */
  | { kind: 'multipart'; error: UploadError; detail: unknown };

/** What a queue row shows of one transfer; `R` is what a finished one answered. */
export interface JobSnapshot<R = FileDetail> {
  status: JobStatus;
  loaded: number;
  total: number;
  /** Whole percent 0–100. */
  percent: number;
  /** Bytes per second, smoothed; 0 when not uploading. */
  speed: number;
  /** Seconds left; null when unknown. */
  eta: number | null;
  failure: JobFailure | null;
  result: R | null;
  /** Multipart only: parts go through this server because storage refused the browser. */
  relayed: boolean;
  /** Multipart only: the browser is offline; parts wait for the connection. */
  offline: boolean;
  /** Multipart only: paused, while the parts in flight finish (kept, not thrown away). */
  pausing?: boolean;
}

/** Which controls a job offers. */
export interface JobCapabilities {
  pause: boolean;
  reset: boolean;
}

/**
 * One file's transfer, as the queue drives it and a row displays it: an external store
 * (getSnapshot/subscribe for useSyncExternalStore) with the actions of SPEC §4.
 */
export interface UploadJob<R = FileDetail> {
  readonly mode: 'direct' | 'multipart';
  readonly capabilities: JobCapabilities;
  getSnapshot: () => JobSnapshot<R>;
  subscribe: (listener: () => void) => () => void;
  /** Starts; resolves when the job stops uploading (done, failed, paused or cancelled). */
  start: () => Promise<void>;
  /** Stops the transfer; the row shows "cancelled" with a retry. */
  cancel: () => void;
  /** Sends again after a failure or cancel; resolves like start. */
  retry: () => Promise<void>;
  pause: () => void;
  resume: () => Promise<void>;
  /** Multipart: forgets the server-side upload and goes back to pending. */
  reset: () => Promise<void>;
  /** Releases listeners and timers when the row goes away. */
  dispose: () => void;
}

export const EMPTY_PROGRESS = { loaded: 0, percent: 0, speed: 0, eta: null } as const;

/** A small listener set shared by the job implementations. */
export class Listeners {
  private readonly set = new Set<() => void>();
  subscribe = (listener: () => void): (() => void) => {
    this.set.add(listener);
    return () => this.set.delete(listener);
  };
  notify(): void {
    for (const listener of [...this.set]) listener();
  }
  clear(): void {
    this.set.clear();
  }
}
