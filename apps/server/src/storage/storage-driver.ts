import type { Readable } from 'node:stream';
import type { ErrorCode } from '@pasteport/contract';

/** Which storage backend a driver talks to. */
export type StorageDriverKind = 'local' | 's3';

/**
 * What a driver can do, so services and the web app choose a flow without asking which
 * driver it is. Every flag reflects the driver as configured, not the backend in general.
 */
export interface StorageCapabilities {
  /** presignPut/presignGet/presignPart return URLs a browser can use with plain fetch. */
  presignedUrls: boolean;
  /** Presigned URLs point at the storage service itself, not this server (needs CORS). */
  browserDirectUpload: boolean;
  /** Presigned URLs are served by this server's signed routes (local disk). */
  serverSignedUrls: boolean;
  /** read() honours a byte range without reading the skipped bytes. */
  rangeRead: boolean;
  /** createMultipart/presignPart/completeMultipart are available. */
  multipart: boolean;
  /** listParts() reports what storage holds, so an upload can resume after a reload. */
  listParts: boolean;
  /** copy() runs inside the storage service; bytes never pass through this process. */
  serverSideCopy: boolean;
  /** list() with delimiter '/' yields folder-like prefixes (mount explorer, WebDAV). */
  delimiterListing: boolean;
  /**
   * A key may also be the prefix of other keys ('a' and 'a/b' coexist). False on local
   * disk, where 'a' cannot be both a file and a directory; writes then fail with CONFLICT.
   */
  keyPrefixOverlap: boolean;
  /** Smallest size of every multipart part except the last (S3: 5 MiB). */
  minPartSize: number;
  /** Largest part size accepted. */
  maxPartSize: number;
  /** Highest part number accepted (S3: 10,000). */
  maxPartCount: number;
}

/** What stat() reports about one object. ETags are bare (no quotes); HTTP adds them. */
export interface ObjectInfo {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
}

/** One object in a listing; listings do not carry content types (S3 does not return them). */
export type ListedObject = Omit<ObjectInfo, 'contentType'>;

/**
 * A requested byte range: `end` is inclusive and clamped to the object's last byte;
 * `suffixLength` asks for the last N bytes (HTTP `bytes=-N`).
 */
export type ByteRangeRequest = { start: number; end?: number } | { suffixLength: number };

/** The byte range actually served, both ends inclusive. */
export interface ServedRange {
  start: number;
  end: number;
}

/** Options of read(). */
export interface ReadOptions {
  range?: ByteRangeRequest;
}

/** An open object body: the caller must consume or destroy `stream`. */
export interface ReadResult extends Omit<ObjectInfo, 'key'> {
  stream: Readable;
  /** Bytes in `stream` (equals `size` unless a range was served). */
  contentLength: number;
  /** The served range, or null when the whole object is streamed. */
  range: ServedRange | null;
}

/** Options of write(). */
export interface WriteOptions {
  contentType: string;
  /** When given, the write fails (and stores nothing) unless exactly this many bytes arrive. */
  contentLength?: number;
  signal?: AbortSignal;
}

/** What a completed write stored. */
export interface WriteResult {
  size: number;
  etag: string;
}

/** Options of list(). */
export interface ListOptions {
  /** Group keys by the next '/' after the prefix into `prefixes` (folders). */
  delimiter?: '/';
  /** An opaque nextCursor from a previous page of the same listing. */
  cursor?: string | null;
  /** Entries (objects plus prefixes) per page, 1..1000; default 1000. */
  limit?: number;
}

/** One page of a listing in byte-wise lexicographic key order (S3 semantics). */
export interface ListResult {
  objects: ListedObject[];
  /** Common prefixes ending in '/', when a delimiter was given. */
  prefixes: string[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The outcome for one key of deleteMany(); a missing key counts as deleted. */
export type DeleteResult =
  { key: string; ok: true } | { key: string; ok: false; code: ErrorCode; message: string };

/** A request the browser (or any HTTP client) makes exactly as described. */
export interface PresignedRequest {
  /** Absolute URL, or a path on this server's origin when signedUrlBase is a path. */
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the request must carry (they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: Date;
}

/** Options of presignPut(). */
export interface PresignPutOptions {
  contentType: string;
  /** Seconds the URL stays valid; defaults to the driver's configured expiry. */
  expiresInSeconds?: number;
  /** When given, the upload must have exactly this size. */
  contentLength?: number;
}

/** Options of presignGet(). */
export interface PresignGetOptions {
  expiresInSeconds?: number;
  /** Download name for Content-Disposition (UTF-8 safe). */
  filename?: string;
  /** Default: attachment when a filename is given, else chosen by the server per type. */
  disposition?: 'inline' | 'attachment';
  /** Overrides the stored Content-Type in the response. */
  contentType?: string;
}

/** Options of createMultipart(). */
export interface CreateMultipartOptions {
  contentType: string;
}

/** Options of presignPart(). */
export interface PresignPartOptions {
  expiresInSeconds?: number;
  /** The exact bytes the part must have; signed, so storage refuses any other length. */
  contentLength?: number;
}

/** Options of uploadPart(). */
export interface UploadPartOptions {
  /** Exact byte count of the part (S3 needs it to stream; a mismatch fails the part). */
  contentLength: number;
  signal?: AbortSignal;
}

/** A part storage holds for an unfinished multipart upload. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** A part named in completeMultipart(); the etag may be quoted as the PUT answered it. */
export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** Result of check(): cheap enough for GET /api/health. */
export type StorageCheckResult = { ok: true } | { ok: false; error: string };

/**
 * The storage port. Keys are storage-relative object keys validated by validateStorageKey;
 * errors are AppError (NOT_FOUND, VALIDATION_FAILED, RANGE_NOT_SATISFIABLE, CONFLICT,
 * UPSTREAM_FAILED …). No method buffers a whole object body in memory.
 */
export interface StorageDriver {
  /** The storage config id this driver serves (goes into signed URLs). */
  readonly id: string;
  readonly kind: StorageDriverKind;
  readonly capabilities: StorageCapabilities;

  /** Metadata of one object, or null when it does not exist. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Opens an object body, optionally one byte range; NOT_FOUND when absent. */
  read(key: string, options?: ReadOptions): Promise<ReadResult>;
  /** Streams a body into the object, replacing it atomically; nothing is stored on failure. */
  write(key: string, body: Readable, options: WriteOptions): Promise<WriteResult>;
  /**
   * One page of keys under a prefix ('' for all). Folder markers are listed as objects of
   * size 0 whose key ends in '/': S3's zero-byte `folder/` objects, and on local disk every
   * empty directory (a directory with content shows only through its content, as on S3).
   */
  list(prefix: string, options?: ListOptions): Promise<ListResult>;
  /**
   * Deletes keys, reporting per key; never throws for one bad key. A key ending in '/' is a
   * folder marker: S3 deletes the marker object; local disk removes the directory if it is
   * empty (content beneath stays, as on S3). Local disk also removes the directories a
   * delete leaves empty: S3 has no empty prefixes.
   */
  deleteMany(keys: readonly string[]): Promise<DeleteResult[]>;
  /**
   * Makes an empty folder visible at `key` (no trailing '/'): S3 writes the zero-byte marker
   * `key/`; local disk creates the directory and its parents. CONFLICT on local disk when a
   * file is in the way; an existing folder is no error.
   */
  createFolder(key: string): Promise<void>;
  /** Copies an object (content type included) to another key of the same storage. */
  copy(fromKey: string, toKey: string): Promise<WriteResult>;
  /**
   * Moves an object to another key of the same storage without copying its bytes, where the
   * storage can (local disk renames the file). S3 has no rename: callers copy, then delete.
   */
  move?(fromKey: string, toKey: string): Promise<WriteResult>;

  /** A URL the client PUTs the body to; the object appears only when the PUT completes. */
  presignPut(key: string, options: PresignPutOptions): Promise<PresignedRequest>;
  /** A URL that downloads the object, honouring Range. */
  presignGet(key: string, options?: PresignGetOptions): Promise<PresignedRequest>;

  /** Starts a multipart upload; returns its uploadId. */
  createMultipart(key: string, options: CreateMultipartOptions): Promise<string>;
  /** A URL the client PUTs one part to; the response's ETag header names the part. */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options?: PresignPartOptions,
  ): Promise<PresignedRequest>;
  /** Stores one part sent through this server (the relay when a browser cannot PUT directly). */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    options: UploadPartOptions,
  ): Promise<UploadedPart>;
  /** Parts already stored, ascending; NOT_FOUND when the upload is unknown. */
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** Assembles the parts (ascending, every part but the last ≥ minPartSize) into the object. */
  completeMultipart(
    key: string,
    uploadId: string,
    parts: readonly CompletedPart[],
  ): Promise<WriteResult>;
  /** Discards an upload and its parts; succeeds when the upload is already gone. */
  abortMultipart(key: string, uploadId: string): Promise<void>;

  /** Health probe: local → root is a writable directory; s3 → HeadBucket. Never throws. */
  check(): Promise<StorageCheckResult>;
  /** Releases sockets and handles; the driver is unusable afterwards. */
  close(): Promise<void>;
}
