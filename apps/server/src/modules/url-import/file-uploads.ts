import type {
  FileDetail,
  FileShareOptions,
  MultipartInitResponse,
  PresignResponse,
  urlCommitRequestSchema,
  urlMultipartAbortRequestSchema,
  urlMultipartCompleteRequestSchema,
  urlMultipartInitRequestSchema,
  urlPresignRequestSchema,
} from '@pasteport/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import type { FilesTable } from '../../db/schema.js';
import type { StorageConfigRow } from '../../storage/registry.js';
import type { StorageDriver } from '../../storage/storage-driver.js';

/*
 * What URL upload needs from file sharing, injected by the composition root (the files
 * module's upload policy, pending records and presigned uploads fit these), so this module
 * never imports the files module.
 */

/** A file record as stored. */
export type FileRecord = Selectable<FilesTable>;

/** Who may upload where, and how much. */
export interface ImportUploadPolicy {
  assertMayUpload(actor: Actor): Promise<void>;
  /** The storage config an upload goes to: the one named, else the actor's first usable. */
  resolveConfig(actor: Actor, id: string | undefined): Promise<StorageConfigRow>;
  /** max_upload_size in bytes. */
  maxUploadBytes(): Promise<number>;
  /** Bytes still free on a config (Infinity without a quota). */
  remainingBytes(config: StorageConfigRow): Promise<number>;
  /** Refuses a declared size beyond max_upload_size (413) or the config's quota (507). */
  assertFits(config: StorageConfigRow, size: number): Promise<void>;
}

/** The pending-record life cycle every upload mode shares. */
export interface ImportPendingFiles {
  create(
    actor: Actor,
    input: {
      config: StorageConfigRow;
      filename: string;
      mimetype: string | undefined;
      size: number;
      path: string | undefined;
      options: FileShareOptions;
    },
  ): Promise<{ row: FileRecord; secret: string }>;
  finish(
    row: FileRecord,
    driver: StorageDriver,
    late?: FileShareOptions,
    expectedSize?: number,
  ): Promise<FileDetail>;
  discard(row: FileRecord, driver: StorageDriver): Promise<void>;
  /** The caller's pending record, checked against its upload secret. */
  ownPending(actor: Actor, fileId: string, secret: string | undefined): Promise<FileRecord>;
}

type Input<Schema extends z.ZodType> = z.output<Schema>;

/** A step after init: it presents the upload secret the init answered (X-Upload-Secret). */
type SecretStep<Schema extends z.ZodType, Answer> = (
  actor: Actor,
  input: Input<Schema>,
  secret: string | undefined,
) => Promise<Answer>;

/** Presigned and multipart uploads: a URL upload relayed by the browser is one. */
export interface RelayedUploads {
  presign(actor: Actor, input: Input<typeof urlPresignRequestSchema>): Promise<PresignResponse>;
  commit: SecretStep<typeof urlCommitRequestSchema, FileDetail>;
  initMultipart(
    actor: Actor,
    input: Input<typeof urlMultipartInitRequestSchema>,
  ): Promise<MultipartInitResponse>;
  completeMultipart: SecretStep<typeof urlMultipartCompleteRequestSchema, FileDetail>;
  abortMultipart: SecretStep<typeof urlMultipartAbortRequestSchema, { aborted: true }>;
}
