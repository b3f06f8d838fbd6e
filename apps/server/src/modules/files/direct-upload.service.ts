import { directUploadFieldsSchema, type FileDetail } from '@pasteport/contract';
import { pipeline } from 'node:stream/promises';
import { sourceFailure, type FormPart } from '../../http/form-parts.js';
import { parseWith } from '../../http/validate.js';
import { AppError } from '../../lib/app-error.js';
import { createBodyMeter } from '../../storage/body-meter.js';
import type { Actor } from '../../core/actor.js';
import type { FileRow } from './file.repository.js';
import type { PendingFiles, UploadDeps } from './pending-files.js';
import { insufficientStorage, tooLarge } from '../../core/upload-errors.js';
import { storageKeyFor } from './upload-policy.js';

export type { FormPart };

/**
 * `POST /api/upload`: a form whose file part streams straight into storage, never held in
 * memory. Fields may come before or after the file (curl -F sends them in command-line order):
 * those before it choose where the bytes go; later ones are applied when the form ends.
 */
export function createDirectUploadService(deps: UploadDeps, pending: PendingFiles) {
  async function receiveFile(
    actor: Actor,
    part: Extract<FormPart, { kind: 'file' }>,
    fields: Record<string, string>,
  ): Promise<FileRow> {
    const early = parseWith(directUploadFieldsSchema, fields, 'form');
    const config = await deps.policy.resolveConfig(actor, early.s3_config_id);
    const max = await deps.policy.maxUploadBytes();
    const remaining = await deps.policy.remainingBytes(config);
    const filename = part.filename.trim() || 'file';
    const { row } = await pending.create(actor, {
      config,
      filename,
      mimetype: early.mimetype ?? part.mimetype,
      size: 0,
      path: early.path,
      options: early,
    });
    const driver = await deps.storage.getDriver(config.id);
    const meter = createBodyMeter({ maxLength: Math.min(max, remaining) });
    const source = sourceFailure(part.stream, meter);
    try {
      await Promise.all([
        pipeline(part.stream, meter),
        driver.write(row.storage_path, meter, { contentType: row.mimetype }),
      ]);
    } catch (err) {
      part.stream.resume();
      await deps.files.deleteMany([row.id]);
      if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') {
        // Which limit was met decides the answer: the upload limit, or the quota.
        throw max <= remaining
          ? tooLarge(max)
          : insufficientStorage(config, meter.received(), remaining);
      }
      throw source.failed ?? err;
    }
    return row;
  }

  return {
    async upload(actor: Actor, parts: AsyncIterable<FormPart>): Promise<FileDetail> {
      await deps.policy.assertMayUpload(actor);
      const fields: Record<string, string> = {};
      let row: FileRow | undefined;
      try {
        for await (const part of parts) {
          if (part.kind === 'field') {
            fields[part.name] = part.value;
            continue;
          }
          if (part.name !== 'file' || row) {
            part.stream.resume();
            throw new AppError('VALIDATION_FAILED', 'send exactly one file, in the field "file"', {
              details: [{ field: 'file', rule: 'single', message: 'one file part named "file"' }],
            });
          }
          row = await receiveFile(actor, part, { ...fields });
        }
        if (!row) {
          throw new AppError('VALIDATION_FAILED', 'the form has no file', {
            details: [{ field: 'file', rule: 'required', message: 'required' }],
          });
        }
        return await finishWithLateFields(actor, row, fields);
      } catch (err) {
        if (row) await pending.discard(row, await deps.storage.getDriver(row.storage_config_id));
        throw err;
      }
    },
  };

  /** Applies fields that came after the file; a late folder or storage moves the object. */
  async function finishWithLateFields(actor: Actor, row: FileRow, fields: Record<string, string>) {
    const all = parseWith(directUploadFieldsSchema, fields, 'form');
    const config =
      all.s3_config_id === undefined || all.s3_config_id === row.storage_config_id
        ? null
        : await deps.policy.resolveConfig(actor, all.s3_config_id);
    const key = storageKeyFor(row.id, row.filename, all.path);
    let current = row;
    if (config || key !== row.storage_path) {
      current = await relocate(row, config?.id ?? row.storage_config_id, key);
    }
    return pending.finish(current, await deps.storage.getDriver(current.storage_config_id), all);
  }

  /** Moves a just-written object to where late form fields say it belongs. */
  async function relocate(row: FileRow, configId: string, key: string): Promise<FileRow> {
    const from = await deps.storage.getDriver(row.storage_config_id);
    const to = await deps.storage.getDriver(configId);
    if (from === to) {
      await from.copy(row.storage_path, key);
    } else {
      const body = await from.read(row.storage_path);
      await to.write(key, body.stream, {
        contentType: row.mimetype,
        contentLength: body.contentLength,
      });
    }
    await from.deleteMany([row.storage_path]);
    const moved = { storage_config_id: configId, storage_path: key };
    await deps.files.update(row.id, moved);
    return { ...row, ...moved };
  }
}

export type DirectUploadService = ReturnType<typeof createDirectUploadService>;
