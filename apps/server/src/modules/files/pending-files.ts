import {
  fileMimetype,
  filenameSchema,
  type fileShareOptionsSchema,
  type FileDetail,
} from '@pasteport/contract';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import type { FilesTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import { parseWith } from '../../http/validate.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { Actor } from '../../core/actor.js';
import { creatorId } from '../../core/access-policy.js';
import { claimSlug, slugTaken } from '../../core/share/claim-slug.js';
import type { StorageConfigRow, StorageRegistry } from '../../storage/registry.js';
import type { FsChanges } from '../../vfs/fs-changes.js';
import type { FileRepository, FileRow } from './file.repository.js';
import { presentFileDetail } from './file.presenter.js';
import { assertUploadSecret, newUploadSecret } from '../../core/upload-secret.js';
import { insufficientStorage, tooLarge } from '../../core/upload-errors.js';
import { newFileId, storageKeyFor, type UploadPolicy } from './upload-policy.js';

export type ShareOptions = z.output<typeof fileShareOptionsSchema>;

/** The contract's one file-name rule, checked for every upload mode before a row exists. */
const storedNameSchema = z.object({ filename: filenameSchema });
const HOUR_MS = 3_600_000;

export interface UploadDeps {
  files: FileRepository;
  policy: UploadPolicy;
  storage: StorageRegistry;
  clock: Clock;
  publicUrl: string | undefined;
  /** Where finished uploads are announced (mount listings and search follow the storage). */
  changes?: Pick<FsChanges, 'emit'>;
}

/** What a new upload is: where it goes and what the share looks like. */
export interface PendingFileInput {
  config: StorageConfigRow;
  filename: string;
  mimetype: string | undefined;
  /** The declared size (0 while unknown, as for a streamed form upload). */
  size: number;
  path: string | undefined;
  options: ShareOptions;
  uploadId?: string | null;
  partSize?: number | null;
}

/** A new pending row and the secret its later steps present (told to the client once). */
export interface PendingUpload {
  row: FileRow;
  secret: string;
}

/**
 * The record life cycle every upload mode shares: a `pending` row claims the slug before any
 * byte moves (so a taken slug fails fast), and becomes `ready` only once storage holds the
 * whole object, with the size and ETag storage reports.
 */
export function createPendingFiles(deps: UploadDeps) {
  const now = () => deps.clock.now().toISOString();

  /** The share columns from the options (password hashed, expiry as an instant). */
  async function shareColumns(options: ShareOptions): Promise<Updateable<FilesTable>> {
    const columns: Updateable<FilesTable> = {};
    if (options.remark !== undefined) columns.remark = options.remark;
    if (options.password !== undefined)
      columns.password_hash = await hashPassword(options.password);
    if (options.expires_in !== undefined) {
      columns.expires_at =
        options.expires_in === 0
          ? null
          : new Date(deps.clock.now().getTime() + options.expires_in * HOUR_MS).toISOString();
    }
    if (options.max_views !== undefined) columns.max_views = options.max_views;
    if (options.access_mode !== undefined) columns.access_mode = options.access_mode;
    return columns;
  }

  /** A new row's share fields: the options given, the defaults for the rest. */
  async function newShareFields(options: ShareOptions) {
    const share = await shareColumns(options);
    return {
      remark: share.remark ?? null,
      password_hash: share.password_hash ?? null,
      expires_at: share.expires_at ?? null,
      max_views: share.max_views ?? 0,
      views: 0,
      access_mode: share.access_mode ?? 'proxy',
    };
  }

  return {
    newShareFields,

    /**
     * Inserts the pending row bound to a new upload secret (only its digest is stored);
     * VALIDATION_FAILED naming `filename` for a name the contract refuses (whichever path it
     * came through), SLUG_TAKEN when a custom slug is in use.
     */
    async create(actor: Actor, input: PendingFileInput): Promise<PendingUpload> {
      const { filename } = parseWith(storedNameSchema, { filename: input.filename }, 'upload');
      const id = newFileId();
      const { secret, hash } = newUploadSecret();
      const stamp = now();
      const base = {
        id,
        filename,
        size: input.size,
        mimetype: fileMimetype(filename, input.mimetype),
        ...(await newShareFields(input.options)),
        storage_config_id: input.config.id,
        storage_path: storageKeyFor(id, filename, input.path),
        etag: null,
        status: 'pending',
        upload_id: input.uploadId ?? null,
        part_size: input.partSize ?? null,
        upload_secret_hash: hash,
        source_path: null,
        source_removed_at: null,
        created_by: creatorId(actor),
        created_at: stamp,
        updated_at: stamp,
      };
      const row = await claimSlug(input.options.slug, async (slug) => {
        const candidate = { ...base, slug, slug_key: slug.toLowerCase() };
        return (await deps.files.insert(candidate)) ? candidate : undefined;
      });
      return { row, secret };
    },

    /**
     * Finishes an upload: checks what storage really holds against the limits, applies late
     * share options, and marks the row ready. A second call for a ready row returns it as is.
     */
    async finish(
      row: FileRow,
      driver: StorageDriver,
      late: ShareOptions = {},
      expectedSize?: number,
    ): Promise<FileDetail> {
      if (row.status === 'ready') return presentFileDetail(row, deps.publicUrl ?? '');
      const info = await driver.stat(row.storage_path);
      if (!info) {
        throw new AppError('VALIDATION_FAILED', 'the file has not been uploaded to storage yet', {
          details: [{ field: 'file_id', rule: 'not_uploaded', message: 'no object in storage' }],
        });
      }
      const refuse = async (error: AppError): Promise<never> => {
        await this.discard(row, driver);
        throw error;
      };
      if (expectedSize !== undefined && info.size !== expectedSize) {
        await refuse(
          new AppError(
            'VALIDATION_FAILED',
            `storage holds ${info.size} bytes, not ${expectedSize}`,
            {
              details: [{ field: 'size', rule: 'match', message: 'size differs from storage' }],
            },
          ),
        );
      }
      const max = await deps.policy.maxUploadBytes();
      if (info.size > max) await refuse(tooLarge(max));
      const config = await deps.policy.configOf(row.storage_config_id);
      // The row's own reservation is part of "used"; the object replaces it.
      const remaining = (await deps.policy.remainingBytes(config)) + row.size;
      if (info.size > remaining) await refuse(insufficientStorage(config, info.size, remaining));

      const changes: Updateable<FilesTable> = await shareColumns(late);
      if (late.slug !== undefined && late.slug !== row.slug) {
        changes.slug = late.slug;
        changes.slug_key = late.slug.toLowerCase();
      }
      let ready: FileRow | undefined;
      try {
        ready = await deps.files.markReady(row.id, {
          ...changes,
          size: info.size,
          etag: info.etag,
          updated_at: now(),
        });
      } catch (err) {
        if (late.slug !== undefined && isUniqueViolation(err)) throw slugTaken(late.slug);
        throw err;
      }
      if (!ready) {
        // A concurrent commit won; answer with what it stored.
        const current = await deps.files.findById(row.id);
        if (current?.status !== 'ready') throw new AppError('NOT_FOUND', 'the upload is gone');
        ready = current;
      }
      await deps.changes?.emit({
        storageConfigId: ready.storage_config_id,
        written: [
          {
            key: ready.storage_path,
            isDirectory: false,
            size: info.size,
            modified: info.lastModified,
          },
        ],
      });
      return presentFileDetail(ready, deps.publicUrl ?? '');
    },

    /** Removes a failed upload: its stored bytes (if any) and its row. */
    async discard(row: FileRow, driver: StorageDriver): Promise<void> {
      if (row.upload_id)
        await driver.abortMultipart(row.storage_path, row.upload_id).catch(() => undefined);
      await driver.deleteMany([row.storage_path]);
      await deps.files.deleteMany([row.id]);
    },

    /**
     * An upload of this actor, or 404 (ids of other people's uploads are not told), presenting
     * the secret its init answered: guests must (they all share the creator null), signed-in
     * creators may (their credential already binds the row to them) — 403 when it is absent
     * where required, or wrong.
     */
    async ownPending(actor: Actor, fileId: string, secret: string | undefined): Promise<FileRow> {
      const row = await deps.files.findById(fileId);
      const creator = creatorId(actor);
      if (!row || row.created_by !== creator) {
        throw new AppError('NOT_FOUND', `no upload ${fileId}`);
      }
      assertUploadSecret(row.upload_secret_hash, secret, creator === null);
      return row;
    },
  };
}

export type PendingFiles = ReturnType<typeof createPendingFiles>;
