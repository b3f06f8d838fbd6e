import {
  URL_IMPORT_MAX_RUNNING,
  type urlImportRequestSchema,
  type UrlImportStarted,
} from '@pasteport/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import { AppError, isAppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createBodyMeter } from '../../storage/body-meter.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { Actor } from '../../core/actor.js';
import { creatorId } from '../../core/access-policy.js';
import { assertUploadSecret } from '../../core/upload-secret.js';
import { insufficientStorage, tooLarge } from '../../core/upload-errors.js';
import type { StorageConfigRow, StorageRegistry } from '../../storage/registry.js';
import type { FileRecord, ImportPendingFiles, ImportUploadPolicy } from './file-uploads.js';
import { createImportTasks, type ImportProgressView, type ImportTask } from './import-tasks.js';
import {
  createTransferWatch,
  isSuccess,
  remoteStatusError,
  type RemoteFetcher,
} from './remote-fetch.js';
import { contentTypeOf, declaredSize, remoteFilename } from './remote-file.js';
import { URL_FETCH_LIMITS } from './url-fetch-limits.js';
import type { UrlImportRepository } from './url-import.repository.js';

type ImportInput = z.output<typeof urlImportRequestSchema>;

/** The abort reasons of a task: which one stopped it decides how it ends. */
const CANCELLED = new AppError('CONFLICT', 'the import was cancelled');
const SHUTTING_DOWN = new AppError('SERVICE_UNAVAILABLE', 'the server is shutting down');

export interface UrlImportDeps {
  policy: ImportUploadPolicy;
  pending: ImportPendingFiles;
  storage: StorageRegistry;
  fetch: RemoteFetcher;
  /** Where the progress lives, so every instance can answer a progress read. */
  repo: UrlImportRepository;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/** What is known once the remote answered and the pending record exists. */
interface Transfer {
  task: ImportTask;
  row: FileRecord;
  config: StorageConfigRow;
  driver: StorageDriver;
  body: Readable;
  maxBytes: number;
}

/**
 * Server-side URL import (for URLs whose server sends no CORS headers): this server fetches the
 * URL through the SSRF guard and streams it into storage, reporting progress. A pending record
 * claims the slug first; it becomes ready only when storage holds every byte, and it is
 * discarded (record and bytes) when the import fails or is cancelled.
 */
export function createUrlImportService(deps: UrlImportDeps) {
  const tasks = createImportTasks({
    maxRunning: URL_IMPORT_MAX_RUNNING,
    retainMs: URL_FETCH_LIMITS.taskRetentionMs,
    clock: deps.clock,
    repo: deps.repo,
    onWriteError: (err) => deps.logger.warn({ err }, 'could not record URL import progress'),
  });

  /** Streams the body into storage and finishes the record; ends the task either way. */
  async function run(transfer: Transfer, release: () => void): Promise<void> {
    const { task, row, config, driver } = transfer;
    let remaining = Number.POSITIVE_INFINITY;
    try {
      // The record's own reservation (its declared size) is part of what the quota counts.
      remaining = (await deps.policy.remainingBytes(config)) + row.size;
      const meter = createBodyMeter({
        maxLength: Math.min(transfer.maxBytes, remaining),
        paced: true,
      });
      const watch = createTransferWatch({
        idleMs: URL_FETCH_LIMITS.idleMs,
        onBytes: (count) => tasks.loaded(task, count),
      });
      // No contentLength even when the remote declared one: S3 then writes in parts, which has no
      // 5 GB single-PUT limit and is aborted as a whole when the import stops. finish() still
      // compares what storage holds with the declared size.
      const writing = driver
        .write(row.storage_path, meter, {
          contentType: row.mimetype,
          signal: task.controller.signal,
        })
        .catch((error: unknown) => {
          // A storage failure must end the read side too, or it would wait for the idle cap.
          meter.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        });
      const [piped, written] = await Promise.allSettled([
        pipeline(transfer.body, watch, meter),
        writing,
      ]);
      if (piped.status === 'rejected') throw piped.reason;
      if (written.status === 'rejected') throw written.reason;
      if (task.controller.signal.aborted) throw task.controller.signal.reason;
      const file = await deps.pending.finish(row, driver, {}, task.total ?? undefined);
      task.loaded = file.size;
      task.total = file.size;
      await tasks.end(task, { state: 'completed', file });
    } catch (error) {
      transfer.body.destroy();
      await deps.pending.discard(row, driver).catch((err: unknown) => {
        deps.logger.warn({ err, fileId: row.id }, 'a failed URL import was not cleaned up');
      });
      const reason: unknown = task.controller.signal.reason;
      if (task.controller.signal.aborted && (reason === CANCELLED || reason === SHUTTING_DOWN)) {
        await tasks.end(task, { state: 'cancelled' });
      } else {
        const failure = asAppError(error, transfer, remaining);
        if (failure.status >= 500) {
          deps.logger.warn({ err: error, taskId: task.id }, 'URL import failed');
        }
        await tasks.end(task, {
          state: 'failed',
          error: { code: failure.code, message: failure.message },
        });
      }
    } finally {
      release();
    }
  }

  /** The error a failed task reports: a size limit says which one was met. */
  function asAppError(error: unknown, transfer: Transfer, remaining: number): AppError {
    if (!isAppError(error)) return new AppError('INTERNAL', 'the import failed', { cause: error });
    if (error.code !== 'PAYLOAD_TOO_LARGE') return error;
    return transfer.maxBytes <= remaining
      ? tooLarge(transfer.maxBytes)
      : insufficientStorage(transfer.config, transfer.task.loaded, remaining);
  }

  return {
    /**
     * `POST /api/url/import`: answers once the remote server has sent its response head (a URL
     * that is refused, unreachable or too large by its Content-Length fails here, at once);
     * the body then streams in the background.
     */
    async start(actor: Actor, input: ImportInput): Promise<UrlImportStarted> {
      const config = await deps.policy.resolveConfig(actor, input.s3_config_id);
      const release = tasks.reserve(URL_FETCH_LIMITS.retryAfterSeconds);
      try {
        const maxBytes = await deps.policy.maxUploadBytes();
        const driver = await deps.storage.getDriver(config.id);
        const controller = new AbortController();
        const response = await deps.fetch(input.url, {
          method: 'GET',
          headers: { 'accept-encoding': 'identity' },
          maxBytes,
          totalTimeoutMs: URL_FETCH_LIMITS.transferMs,
          headersTimeoutMs: URL_FETCH_LIMITS.importHeadersMs,
          signal: controller.signal,
        });
        let row: FileRecord;
        let secret: string;
        const total = declaredSize(response.headers);
        try {
          if (!isSuccess(response.status)) throw remoteStatusError(response.status);
          if (total !== null) await deps.policy.assertFits(config, total);
          ({ row, secret } = await deps.pending.create(actor, {
            config,
            filename: input.filename ?? remoteFilename(response.headers, response.url),
            mimetype: input.mimetype ?? contentTypeOf(response.headers),
            size: total ?? 0,
            path: input.path,
            options: input,
          }));
        } catch (error) {
          response.body.destroy();
          throw error;
        }
        let task: ImportTask;
        try {
          task = await tasks.add(
            row.id,
            { creator: creatorId(actor), secretHash: row.upload_secret_hash },
            total,
            controller,
          );
        } catch (error) {
          response.body.destroy();
          await deps.pending.discard(row, driver).catch(() => undefined);
          throw error;
        }
        task.done = run(
          { task, row, config, driver, body: response.body, maxBytes },
          release,
        ).catch((err: unknown) =>
          deps.logger.error({ err, taskId: task.id }, 'URL import task broke'),
        );
        return { task_id: task.id, file_id: row.id, upload_secret: secret };
      } catch (error) {
        release();
        throw error;
      }
    },

    /**
     * `GET /api/url/import/{task_id}`: a map lookup on the instance running it, one row by key
     * on the others; cheap enough to poll. Another identity's task is a 404; a guest's needs
     * its upload secret (403 without it or with a wrong one), since every guest is the same
     * owner; a signed-in creator may leave it out.
     */
    async progress(
      actor: Actor,
      taskId: string,
      secret: string | undefined,
    ): Promise<ImportProgressView> {
      const task = await tasks.read(taskId);
      const creator = creatorId(actor);
      if (!task || task.owner !== creator) {
        throw new AppError('NOT_FOUND', `no URL import ${taskId}`);
      }
      assertUploadSecret(task.secretHash, secret, creator === null);
      return task;
    },

    /**
     * `POST /api/url/cancel`: stops a running import of this file (waiting until its record
     * and bytes are gone), or discards a pending browser-relay upload.
     */
    async cancel(
      actor: Actor,
      fileId: string,
      secret: string | undefined,
    ): Promise<{ cancelled: true }> {
      await deps.policy.assertMayUpload(actor);
      const task = tasks.byFileId(fileId);
      if (task && task.owner === creatorId(actor)) {
        if (task.state === 'running') {
          await deps.pending.ownPending(actor, fileId, secret);
          task.controller.abort(CANCELLED);
        }
        await task.done;
        if (task.state === 'cancelled' || task.state === 'failed') return { cancelled: true };
      } else if (!task) {
        // Ended on another instance: cancelling what already stopped is done, as above.
        const ended = await tasks.recordOf(fileId);
        if (
          ended?.owner === creatorId(actor) &&
          (ended.state === 'cancelled' || ended.state === 'failed')
        ) {
          return { cancelled: true };
        }
      }
      const row = await deps.pending.ownPending(actor, fileId, secret);
      if (row.status === 'ready') {
        throw new AppError('CONFLICT', 'this upload is already complete; delete the file instead');
      }
      await deps.pending.discard(row, await deps.storage.getDriver(row.storage_config_id));
      return { cancelled: true };
    },

    /** Deletes the progress of imports long ended or abandoned (a sweep job). */
    sweepExpired: () => tasks.sweepExpired(URL_FETCH_LIMITS.transferMs),

    /** Stops every running import and waits for their cleanup (the server is closing). */
    async close(): Promise<void> {
      const running = tasks.running();
      for (const task of running) task.controller.abort(SHUTTING_DOWN);
      await Promise.all(running.map((task) => task.done));
    },
  };
}

export type UrlImportService = ReturnType<typeof createUrlImportService>;
