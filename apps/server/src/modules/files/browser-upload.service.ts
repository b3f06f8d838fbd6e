import {
  fileMimetype,
  MULTIPART_PART_SIZE,
  type commitRequestSchema,
  type FileDetail,
  type multipartCompleteRequestSchema,
  type multipartInitRequestSchema,
  type MultipartInitResponse,
  type MultipartState,
  type PresignResponse,
  type presignRequestSchema,
  type UploadedPart,
} from '@pasteport/contract';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import {
  checkPartPlan,
  partLayout as layoutOf,
  partLength as lengthOf,
  presignPartTargets,
} from '../../storage/multipart-plan.js';
import type { Actor } from '../../core/actor.js';
import type { FileRow } from './file.repository.js';
import type { PendingFiles, UploadDeps } from './pending-files.js';

type PresignInput = z.output<typeof presignRequestSchema>;
type CommitInput = z.output<typeof commitRequestSchema>;
type MultipartInitInput = z.output<typeof multipartInitRequestSchema>;
type MultipartCompleteInput = z.output<typeof multipartCompleteRequestSchema>;

/** How a pending multipart upload's declared size splits into parts. */
function partLayout(row: FileRow): { partSize: number; count: number } {
  return layoutOf(row.size, row.part_size ?? MULTIPART_PART_SIZE);
}

/** The exact length of part `partNumber`: full parts, then the remainder in the last. */
function partLength(row: FileRow, partNumber: number): number {
  return lengthOf(row.size, row.part_size ?? MULTIPART_PART_SIZE, partNumber);
}

/** Uploads where the browser sends the bytes to storage itself, through presigned URLs. */
export function createBrowserUploadService(deps: UploadDeps, pending: PendingFiles) {
  const driverOf = (row: FileRow) => deps.storage.getDriver(row.storage_config_id);

  /** Share options the client repeats at commit; the ones it left out stay as presigned. */
  function shareOptionsOf(input: CommitInput) {
    const { slug, remark, password, expires_in, max_views, access_mode } = input;
    return { slug, remark, password, expires_in, max_views, access_mode };
  }

  async function openMultipart(
    actor: Actor,
    fileId: string,
    uploadId: string,
    secret: string | undefined,
  ) {
    const row = await pending.ownPending(actor, fileId, secret);
    if (row.status !== 'pending' || row.upload_id !== uploadId) {
      throw new AppError('NOT_FOUND', `no open multipart upload ${uploadId} for file ${fileId}`);
    }
    return { row, driver: await driverOf(row) };
  }

  async function initState(row: FileRow, driver: StorageDriver, uploadId: string) {
    const { partSize } = partLayout(row);
    const parts = await presignPartTargets(driver, row.storage_path, uploadId, row.size, partSize);
    const state: Omit<MultipartInitResponse, 'upload_secret'> = {
      file_id: row.id,
      upload_id: uploadId,
      slug: row.slug,
      storage_path: row.storage_path,
      part_size: parts.partSize,
      part_count: parts.count,
      presigned_urls: parts.targets,
      upload_headers: parts.headers,
      expires_at: parts.expiresAt.toISOString(),
    };
    return state;
  }

  return {
    /** `POST /api/s3/presign`: a pending record and the URL to PUT the bytes to. */
    async presign(actor: Actor, input: PresignInput): Promise<PresignResponse> {
      const config = await deps.policy.resolveConfig(actor, input.s3_config_id);
      await deps.policy.assertFits(config, input.size);
      const { row, secret } = await pending.create(actor, {
        config,
        filename: input.filename,
        mimetype: input.mimetype,
        size: input.size,
        path: input.path,
        options: input,
      });
      const driver = await deps.storage.getDriver(config.id);
      const signed = await driver.presignPut(row.storage_path, {
        contentType: row.mimetype,
        contentLength: input.size,
      });
      return {
        upload_url: signed.url,
        upload_headers: signed.headers,
        file_id: row.id,
        storage_path: row.storage_path,
        s3_url: null,
        slug: row.slug,
        provider_type: config.provider_type,
        contentType: row.mimetype,
        expires_at: signed.expiresAt.toISOString(),
        upload_secret: secret,
      };
    },

    /**
     * `POST /api/s3/commit`: the object must really be in storage; its size and ETag come
     * from storage. Committing a ready file again answers the same file.
     */
    async commit(
      actor: Actor,
      input: CommitInput,
      secret: string | undefined,
    ): Promise<FileDetail> {
      const row = await pending.ownPending(actor, input.file_id, secret);
      const declared = input.size === undefined ? undefined : Number(input.size);
      return pending.finish(
        row,
        await driverOf(row),
        shareOptionsOf(input),
        declared !== undefined && Number.isSafeInteger(declared) ? declared : undefined,
      );
    },

    /** `POST /api/upload/multipart/init`: a storage multipart upload and a URL per part. */
    async initMultipart(actor: Actor, input: MultipartInitInput): Promise<MultipartInitResponse> {
      const config = await deps.policy.resolveConfig(actor, input.s3_config_id);
      await deps.policy.assertFits(config, input.size);
      const driver = await deps.storage.getDriver(config.id);
      const partSize = input.part_size ?? MULTIPART_PART_SIZE;
      checkPartPlan(driver, input.size, partSize, 'part_size');
      const { row, secret } = await pending.create(actor, {
        config,
        filename: input.filename,
        mimetype: input.mimetype,
        size: input.size,
        path: input.path,
        options: input,
        partSize,
      });
      try {
        const uploadId = await driver.createMultipart(row.storage_path, {
          contentType: fileMimetype(input.filename, input.mimetype),
        });
        await deps.files.update(row.id, { upload_id: uploadId });
        const state = await initState({ ...row, upload_id: uploadId }, driver, uploadId);
        return { ...state, upload_secret: secret };
      } catch (err) {
        await deps.files.deleteMany([row.id]);
        throw err;
      }
    },

    /** `POST /api/upload/multipart/part`: one part through this server (the relay). */
    async relayPart(
      actor: Actor,
      ref: { file_id: string; upload_id: string; partNumber: number },
      body: Readable,
      contentLength: number | undefined,
      secret: string | undefined,
    ): Promise<{ partNumber: number; etag: string }> {
      const { row, driver } = await openMultipart(actor, ref.file_id, ref.upload_id, secret);
      if (contentLength === undefined) {
        throw new AppError('VALIDATION_FAILED', 'a part needs a Content-Length header', {
          details: [{ field: 'content-length', rule: 'required', message: 'required' }],
        });
      }
      const { count } = partLayout(row);
      if (ref.partNumber > count) {
        throw new AppError('VALIDATION_FAILED', `this upload has ${count} parts`, {
          details: [{ field: 'partNumber', rule: 'range', message: `must be 1–${count}` }],
        });
      }
      const expected = partLength(row, ref.partNumber);
      if (contentLength !== expected) {
        throw new AppError(
          contentLength > expected ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
          `part ${ref.partNumber} must have exactly ${expected} bytes, not ${contentLength}`,
          {
            details: [{ field: 'content-length', rule: 'part_size', message: `${expected} bytes` }],
          },
        );
      }
      const part = await driver.uploadPart(row.storage_path, ref.upload_id, ref.partNumber, body, {
        contentLength,
      });
      return { partNumber: part.partNumber, etag: part.etag };
    },

    /** `GET /api/upload/multipart/parts`: what storage holds, with fresh part URLs (resume). */
    async multipartState(
      actor: Actor,
      ref: { file_id: string; upload_id: string },
      secret: string | undefined,
    ): Promise<MultipartState> {
      const { row, driver } = await openMultipart(actor, ref.file_id, ref.upload_id, secret);
      const parts: UploadedPart[] = await driver.listParts(row.storage_path, ref.upload_id);
      return { ...(await initState(row, driver, ref.upload_id)), parts };
    },

    /** `POST /api/upload/multipart/complete`: assembles the parts, then the record is ready. */
    async completeMultipart(
      actor: Actor,
      input: MultipartCompleteInput,
      secret: string | undefined,
    ): Promise<FileDetail> {
      const row = await pending.ownPending(actor, input.file_id, secret);
      const driver = await driverOf(row);
      if (row.status === 'ready') return pending.finish(row, driver);
      if (row.upload_id !== input.upload_id) {
        throw new AppError('NOT_FOUND', `no open multipart upload ${input.upload_id}`);
      }
      await driver.completeMultipart(row.storage_path, input.upload_id, input.parts);
      return pending.finish(row, driver, {}, row.size);
    },

    /** `POST /api/upload/multipart/abort`: discards the parts and the record. */
    async abortMultipart(
      actor: Actor,
      ref: { file_id: string; upload_id: string },
      secret: string | undefined,
    ) {
      const { row, driver } = await openMultipart(actor, ref.file_id, ref.upload_id, secret);
      await pending.discard(row, driver);
      return { aborted: true as const };
    },
  };
}

export type BrowserUploadService = ReturnType<typeof createBrowserUploadService>;
