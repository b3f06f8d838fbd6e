import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  fileMimetype,
  fsUploadFieldsSchema,
  MULTIPART_PART_SIZE,
  type fsMultipartCompleteRequestSchema,
  type fsMultipartInitRequestSchema,
  type fsMultipartInitSchema,
  type FsMultipartState,
  type fsPresignCommitRequestSchema,
  type fsPresignedSchema,
  type fsPresignRequestSchema,
  type FsWritten,
} from '@pasteport/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { creatorId } from '../../core/access-policy.js';
import { tooLarge } from '../../core/upload-errors.js';
import { sourceFailure, type FormPart } from '../../http/form-parts.js';
import { parseWith } from '../../http/validate.js';
import { AppError } from '../../lib/app-error.js';
import { createBodyMeter } from '../../storage/body-meter.js';
import { checkPartPlan, presignPartTargets } from '../../storage/multipart-plan.js';
import type { FsUploadClaims, FsUploadTokens } from './fs-upload-token.js';
import { FS_UPLOAD_TOKEN_TTL_MS } from './fs-upload-token.js';
import { assertFileSlot, type WriteTarget } from './fs-write-target.js';
import { announce, presentWritten, type FsWriteDeps } from './fs-write.service.js';

type Out<S extends z.ZodType> = z.output<S>;
type FileTarget = WriteTarget & { name: string };
type FilePart = Extract<FormPart, { kind: 'file' }>;

export interface FsUploadDeps extends FsWriteDeps {
  tokens: FsUploadTokens;
  /** Where a file that arrives before its form's `path` waits (on this server's disk). */
  spoolDir: string;
}

const FILE_FIELDS = { path: 'path', fileName: 'fileName' };

/** Where an upload straight to storage lands, as its answers name it. */
const placeOf = (target: FileTarget) => ({
  path: target.path,
  fileName: target.name,
  key: target.key,
});

/**
 * Uploads into mounts (SPEC §7 "File system"): a form streamed through this server, a
 * presigned PUT straight to storage then commit, or a multipart upload with a URL per part.
 * Sizes and ETags always come from storage; limits come from fs-limits.ts.
 */
export function createFsUploadService(deps: FsUploadDeps) {
  const { targets, limits, fsChanges } = deps;

  async function fileTarget(actor: Actor, input: { path: string; fileName: string }) {
    return targets.file(actor, input, FILE_FIELDS);
  }

  /** Announces a stored file and answers it with what storage holds. */
  async function stored(target: WriteTarget, fallback?: { size: number; etag: string }) {
    const info = await target.driver.stat(target.key);
    const size = info?.size ?? fallback?.size ?? 0;
    const modified = info?.lastModified ?? deps.clock.now();
    await announce(fsChanges, target, {
      written: [{ key: target.key, isDirectory: false, size, modified }],
    });
    return presentWritten(target.path, {
      isDirectory: false,
      size,
      etag: info?.etag ?? fallback?.etag ?? null,
      modified,
    });
  }

  /** A file part whose target is known: straight into storage, metered against the limits. */
  async function streamInto(actor: Actor, target: FileTarget, part: FilePart) {
    await assertFileSlot(target.driver, target.key);
    const { meter, explain } = await limits.meterFor(actor, target.mount);
    const source = sourceFailure(part.stream, meter);
    try {
      await Promise.all([
        pipeline(part.stream, meter),
        target.driver.write(target.key, meter, {
          contentType: fileMimetype(target.name, part.mimetype),
        }),
      ]);
    } catch (err) {
      part.stream.resume();
      const limit = explain(err);
      throw limit !== err ? limit : (source.failed ?? err);
    }
  }

  /** A file part that came before `path`: held in a temp file until the form ends. */
  async function spool(actor: Actor, part: FilePart) {
    const max = await limits.maxBytes(actor);
    const meter = createBodyMeter({ maxLength: max });
    await mkdir(deps.spoolDir, { recursive: true });
    const file = path.join(deps.spoolDir, `${randomUUID()}.part`);
    const source = sourceFailure(part.stream, meter);
    try {
      await pipeline(part.stream, meter, createWriteStream(file));
    } catch (err) {
      part.stream.resume();
      await rm(file, { force: true });
      if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') throw tooLarge(max);
      throw source.failed ?? err;
    }
    return { file, size: meter.received(), filename: part.filename, mimetype: part.mimetype };
  }

  /** Opens a multipart upload id for this path and caller, or 404 (never says why). */
  function claimsOf(actor: Actor, target: WriteTarget, uploadId: string): FsUploadClaims {
    const claims = deps.tokens.open(uploadId, deps.clock.now());
    if (
      !claims ||
      claims.cfg !== target.mount.storage_config_id ||
      claims.key !== target.key ||
      claims.by !== creatorId(actor)
    ) {
      throw new AppError('NOT_FOUND', `no open multipart upload for ${target.path}`);
    }
    return claims;
  }

  return {
    /**
     * `POST /api/fs/upload`: the `file` part streams straight into storage when `path` came
     * before it; a file sent first waits in a temp file on this server (never in memory) and
     * goes to storage when the form ends. A form found invalid after the file was stored has
     * its object removed again.
     */
    async upload(actor: Actor, parts: AsyncIterable<FormPart>): Promise<FsWritten> {
      const fields: Record<string, string> = {};
      let target: FileTarget | undefined;
      let spooled: Awaited<ReturnType<typeof spool>> | undefined;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            fields[part.name] = part.value;
            continue;
          }
          if (part.name !== 'file' || target || spooled) {
            part.stream.resume();
            throw new AppError('VALIDATION_FAILED', 'send exactly one file, in the field "file"', {
              details: [{ field: 'file', rule: 'single', message: 'one file part named "file"' }],
            });
          }
          if (fields.path === undefined) {
            spooled = await spool(actor, part);
            continue;
          }
          const found = await fileTarget(actor, {
            path: parseWith(fsUploadFieldsSchema, fields, 'form').path,
            fileName: part.filename,
          }).catch((err: unknown) => {
            part.stream.resume();
            throw err;
          });
          await streamInto(actor, found, part);
          target = found;
        }
        const form = parseWith(fsUploadFieldsSchema, fields, 'form');
        if (spooled) {
          const found = await fileTarget(actor, { path: form.path, fileName: spooled.filename });
          await assertFileSlot(found.driver, found.key);
          await limits.assertFits(actor, found.mount, spooled.size);
          await found.driver.write(found.key, createReadStream(spooled.file), {
            contentType: fileMimetype(found.name, spooled.mimetype),
            contentLength: spooled.size,
          });
          target = found;
        }
        if (!target) {
          throw new AppError('VALIDATION_FAILED', 'the form has no file', {
            details: [{ field: 'file', rule: 'required', message: 'required' }],
          });
        }
        return await stored(target);
      } catch (err) {
        if (target && !spooled) {
          await target.driver.deleteMany([target.key]);
          await announce(fsChanges, target, { removed: [{ key: target.key, recursive: false }] });
        }
        throw err;
      } finally {
        if (spooled) await rm(spooled.file, { force: true });
      }
    },

    /** `POST /api/fs/presign`: a URL to PUT exactly `fileSize` bytes to; then commit. */
    async presign(
      actor: Actor,
      input: Out<typeof fsPresignRequestSchema>,
    ): Promise<z.infer<typeof fsPresignedSchema>> {
      const target = await fileTarget(actor, input);
      await limits.assertFits(actor, target.mount, input.fileSize);
      await assertFileSlot(target.driver, target.key);
      const contentType = fileMimetype(target.name, input.contentType);
      const signed = await target.driver.presignPut(target.key, {
        contentType,
        contentLength: input.fileSize,
      });
      return {
        presignedUrl: signed.url,
        method: 'PUT',
        headers: signed.headers,
        ...placeOf(target),
        contentType,
        expiresAt: signed.expiresAt.toISOString(),
      };
    },

    /**
     * `POST /api/fs/presign/commit`: the object must be in storage; its size and ETag are
     * storage's (a client's `fileSize` or `etag` is only compared).
     */
    async commit(
      actor: Actor,
      input: Out<typeof fsPresignCommitRequestSchema>,
    ): Promise<FsWritten> {
      const target = await fileTarget(actor, input);
      const info = await target.driver.stat(target.key);
      if (!info) throw new AppError('NOT_FOUND', `nothing was uploaded to ${target.path}`);
      const mismatch =
        (input.fileSize !== undefined && input.fileSize !== info.size) ||
        (input.etag !== undefined && input.etag.replace(/"/g, '') !== info.etag);
      if (mismatch) {
        throw new AppError('VALIDATION_FAILED', `storage holds ${info.size} bytes (${info.etag})`, {
          details: [{ field: 'fileSize', rule: 'match', message: 'differs from storage' }],
        });
      }
      return stored(target);
    },

    /** `POST /api/fs/multipart/init`: a storage multipart upload and a URL for every part. */
    async initMultipart(
      actor: Actor,
      input: Out<typeof fsMultipartInitRequestSchema>,
    ): Promise<z.infer<typeof fsMultipartInitSchema>> {
      const target = await fileTarget(actor, input);
      await limits.assertFits(actor, target.mount, input.fileSize);
      await assertFileSlot(target.driver, target.key);
      const partSize = input.partSize ?? MULTIPART_PART_SIZE;
      const count = checkPartPlan(target.driver, input.fileSize, partSize, 'partSize');
      if (input.partCount !== undefined && input.partCount !== count) {
        throw new AppError('VALIDATION_FAILED', `partCount: this file has ${count} parts`, {
          details: [{ field: 'partCount', rule: 'match', message: `must be ${count}` }],
        });
      }
      const contentType = fileMimetype(target.name, input.contentType);
      const uid = await target.driver.createMultipart(target.key, { contentType });
      const parts = await presignPartTargets(
        target.driver,
        target.key,
        uid,
        input.fileSize,
        partSize,
      );
      const uploadId = deps.tokens.issue({
        cfg: target.mount.storage_config_id,
        key: target.key,
        uid,
        by: creatorId(actor) ?? '',
        size: input.fileSize,
        ps: partSize,
        exp: deps.clock.now().getTime() + FS_UPLOAD_TOKEN_TTL_MS,
      });
      return {
        uploadId,
        presignedUrls: parts.targets,
        partSize,
        partCount: parts.count,
        headers: parts.headers,
        ...placeOf(target),
        expiresAt: parts.expiresAt.toISOString(),
      };
    },

    /** `POST /api/fs/multipart/complete`: assembles the parts; the size must be the declared one. */
    async completeMultipart(
      actor: Actor,
      input: Out<typeof fsMultipartCompleteRequestSchema>,
    ): Promise<FsWritten> {
      const target = await fileTarget(actor, input);
      const claims = claimsOf(actor, target, input.uploadId);
      const result = await target.driver.completeMultipart(target.key, claims.uid, input.parts);
      if (result.size !== claims.size) {
        await target.driver.deleteMany([target.key]);
        throw new AppError(
          'VALIDATION_FAILED',
          `the parts hold ${result.size} bytes, not ${claims.size}`,
          {
            details: [
              { field: 'parts', rule: 'size', message: 'the parts do not add up to fileSize' },
            ],
          },
        );
      }
      return stored(target, result);
    },

    /**
     * `POST /api/fs/multipart/parts`: resumes an open upload — the parts storage holds and
     * fresh URLs for every part (the first ones may have expired while the page was closed).
     */
    async multipartState(
      actor: Actor,
      input: { path: string; uploadId: string; fileName: string },
    ): Promise<FsMultipartState> {
      const target = await fileTarget(actor, input);
      const claims = claimsOf(actor, target, input.uploadId);
      const parts = await target.driver.listParts(target.key, claims.uid);
      const fresh = await presignPartTargets(
        target.driver,
        target.key,
        claims.uid,
        claims.size,
        claims.ps,
      );
      return {
        uploadId: input.uploadId,
        presignedUrls: fresh.targets,
        partSize: claims.ps,
        partCount: fresh.count,
        headers: fresh.headers,
        ...placeOf(target),
        expiresAt: fresh.expiresAt.toISOString(),
        parts,
      };
    },

    /** `POST /api/fs/multipart/abort`: discards the parts. */
    async abortMultipart(
      actor: Actor,
      input: { path: string; uploadId: string; fileName: string },
    ): Promise<{ aborted: true }> {
      const target = await fileTarget(actor, input);
      const claims = claimsOf(actor, target, input.uploadId);
      await target.driver.abortMultipart(target.key, claims.uid);
      return { aborted: true };
    },
  };
}

export type FsUploadService = ReturnType<typeof createFsUploadService>;
