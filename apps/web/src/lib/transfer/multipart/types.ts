/** One part's presigned destination; headers are extra request headers some providers need. */
export interface PartTarget {
  partNumber: number;
  url: string;
  headers?: Record<string, string>;
}

/** A server-side multipart upload as the server describes it. */
export interface UploadSession {
  fileId: string;
  uploadId: string;
  partSize: number;
  partCount: number;
  targets: PartTarget[];
  /** What every later call about this upload presents (the server's init answered it). */
  uploadSecret?: string;
}

/** What resuming an upload needs: its ids, and its secret when the init gave one. */
export interface ResumeIds {
  fileId: string;
  uploadId: string;
  uploadSecret?: string;
}

/** A part the storage already holds. */
export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** What one part request gets: cancel through the signal, report bytes sent so far. */
export interface PartRequestOptions {
  signal: AbortSignal;
  onProgress: (loadedBytes: number) => void;
}

/**
 * The server and storage, as the uploader sees them. Injected so the state machine is
 * testable with fakes; failures should reject with a TransferError or an ApiError so the
 * uploader can tell HTTP statuses, timeouts and network failures apart.
 */
export interface MultipartTransport {
  /** Starts a server-side multipart upload for this file. */
  init(file: File, signal: AbortSignal): Promise<UploadSession>;
  /** Parts storage already holds + fresh part URLs (URLs expire; called on resume). */
  resume(
    saved: ResumeIds,
    signal: AbortSignal,
  ): Promise<{ session: UploadSession; parts: StoredPart[] }>;
  /** PUT one part to its presigned URL; resolves with the ETag response header. */
  putPart(target: PartTarget, body: Blob, options: PartRequestOptions): Promise<string>;
  /** Fallback when the direct PUT fails for CORS/network reasons: POST the part through this server. */
  relayPart(
    session: UploadSession,
    partNumber: number,
    isLastPart: boolean,
    body: Blob,
    options: PartRequestOptions,
  ): Promise<string>;
  /** Assembles the parts; the result is handed back to the caller untouched. */
  complete(
    session: UploadSession,
    parts: { partNumber: number; etag: string }[],
    signal: AbortSignal,
  ): Promise<unknown>;
  abort(session: UploadSession): Promise<void>;
}

/** SPEC §4 multipart uploader states. */
export const UPLOADER_STATES = [
  'idle',
  'uploading',
  'paused',
  'completed',
  'failed',
  'aborted',
] as const;
export type UploaderState = (typeof UPLOADER_STATES)[number];

/** SPEC §4 chunk statuses. */
export const CHUNK_STATUSES = ['pending', 'uploading', 'completed', 'failed'] as const;
export type ChunkStatus = (typeof CHUNK_STATUSES)[number];

/** SPEC §8 chunk errors: HTTP status, network error, timeout, cancelled. */
export type ChunkErrorCode = 'http' | 'network' | 'timeout' | 'cancelled';

/** Why one part (or one call) failed; status is set for 'http'. */
export interface ChunkError {
  code: ChunkErrorCode;
  status?: number;
}

/** Every reason an upload can stop in 'failed' (or 'aborted': cancelled). */
export type UploadErrorCode = ChunkErrorCode | 'incomplete' | 'parts_failed';

/**
 * The upload's error for the UI. `message` is English for logs; the UI translates `code`
 * (and `status`). For 'parts_failed', `cause` is the first failed part's reason.
 */
export interface UploadError {
  code: UploadErrorCode;
  message: string;
  status?: number;
  cause?: ChunkError;
}

/** How parts travel: straight to storage, or through this server after a CORS/network failure. */
export type PartRoute = 'direct' | 'relay';

/** Per-status part counts. */
export interface PartsSummary {
  total: number;
  completed: number;
  uploading: number;
  failed: number;
}

/** Everything the UI shows; a new object only when something in it changed. */
export interface UploadSnapshot {
  state: UploaderState;
  /** Bytes stored plus bytes of parts in flight (a failed attempt's bytes drop out). */
  loaded: number;
  total: number;
  /** Whole percent 0–100; 100 only once the server has assembled the file. */
  percent: number;
  /** Bytes per second over the last ~3 s; 0 when not uploading. */
  speed: number;
  /** Seconds left at the current speed; null when unknown. */
  eta: number | null;
  parts: PartsSummary;
  via: PartRoute;
  /** The browser reports no connection; parts wait instead of burning their retries. */
  offline: boolean;
  /** Paused, while the parts that were in flight finish (they are kept, not thrown away). */
  pausing: boolean;
  error: UploadError | null;
  /** The server's file id once the upload exists server-side. */
  fileId: string | null;
  /** What transport.complete resolved with, once completed. */
  result: unknown;
}
