import { fileMimetype } from '@pasteport/contract';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { creatorKind } from '../../core/access-policy.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { FsChanges } from '../../vfs/fs-changes.js';
import type { NewTaskItem, TaskHandler } from '../tasks/task-handler.js';
import {
  createTransferWatch,
  isSuccess,
  remoteStatusError,
  type RemoteFetcher,
} from '../url-import/remote-fetch.js';
import { contentTypeOf, declaredSize } from '../url-import/remote-file.js';
import { URL_FETCH_LIMITS } from '../url-import/url-fetch-limits.js';
import type { FsLimits } from './fs-limits.js';
import { removePartial } from './fs-tree.js';
import { nameOf } from './fs-write-target.js';

/** A download task's payload: whether a file already at the target is replaced. */
export const fetchPayloadSchema = z.object({ overwrite: z.boolean() });
export type FetchPayload = z.infer<typeof fetchPayloadSchema>;

/** A download item's ref: the storage and key the URL's body goes to. */
const fetchRefSchema = z.object({ t: z.string(), tk: z.string() });
type FetchRef = z.infer<typeof fetchRefSchema>;

/** The task item downloading one URL (its source) to a virtual path (its target). */
export function fetchItem(url: string, path: string, ref: FetchRef): NewTaskItem {
  return { source: url, target: path, ref: JSON.stringify(ref), bytes: 0 };
}

/**
 * The download task's work: each item GETs its URL through the SSRF guard (every redirect
 * re-checked) and streams the body into storage — never buffered, never past the target's
 * quota or an API key's upload limit (the declared length is checked first, the bytes as they
 * come), failed when the remote stalls for a minute. A cancel aborts the fetch and the write,
 * and nothing partial stays in storage.
 */
export function createFetchTaskHandler(deps: {
  storage: StorageRegistry;
  limits: Pick<FsLimits, 'assertFits' | 'meterFor'>;
  fetch: RemoteFetcher;
  fsChanges: FsChanges;
  clock: Clock;
}): TaskHandler {
  return {
    async runItem(item, context) {
      const ref = fetchRefSchema.parse(JSON.parse(item.ref));
      const payload = fetchPayloadSchema.parse(JSON.parse(context.task.payload));
      const { signal } = context;
      const target = await deps.storage.getDriver(ref.t);
      const existing = await target.stat(ref.tk);
      if (existing && !payload.overwrite) {
        throw new AppError('ALREADY_EXISTS', `${item.target} already exists`);
      }
      const creator = creatorKind(context.task.created_by);
      const mount = { storage_config_id: target.id };
      const response = await deps.fetch(item.source, {
        method: 'GET',
        headers: { 'accept-encoding': 'identity' },
        totalTimeoutMs: URL_FETCH_LIMITS.transferMs,
        headersTimeoutMs: URL_FETCH_LIMITS.importHeadersMs,
        signal,
      });
      const { meter, explain } = await deps.limits.meterFor(creator, mount);
      try {
        if (!isSuccess(response.status)) throw remoteStatusError(response.status);
        const declared = declaredSize(response.headers);
        if (declared !== null) await deps.limits.assertFits(creator, mount, declared);
        let received = 0;
        const watch = createTransferWatch({
          idleMs: URL_FETCH_LIMITS.idleMs,
          onBytes: (count) => context.progress((received += count)),
        });
        const contentType =
          contentTypeOf(response.headers) ??
          fileMimetype(nameOf(ref.tk), 'application/octet-stream');
        const writing = target
          .write(ref.tk, meter, { contentType, signal })
          .catch((error: unknown) => {
            // A storage failure must end the read side too, or it would wait for the idle cap.
            meter.destroy(error instanceof Error ? error : new Error(String(error)));
            throw error;
          });
        const [piped, written] = await Promise.allSettled([
          pipeline(response.body, watch, meter, { signal }),
          writing,
        ]);
        if (piped.status === 'rejected') throw piped.reason;
        if (written.status === 'rejected') throw written.reason;
        if (declared !== null && written.value.size !== declared) {
          throw new AppError(
            'UPSTREAM_FAILED',
            `the remote server sent ${written.value.size} of ${declared} bytes`,
          );
        }
        context.measured(written.value.size);
        await deps.fsChanges.emit({
          storageConfigId: target.id,
          written: [
            {
              key: ref.tk,
              isDirectory: false,
              size: written.value.size,
              modified: deps.clock.now(),
            },
          ],
        });
        return 'completed';
      } catch (error) {
        response.body.destroy();
        // Not once the lease is gone: the object there may be the next holder's download.
        if (await context.holdsLease()) {
          await removePartial(target, ref.tk, existing?.etag ?? null);
        }
        throw explain(error);
      }
    },
  };
}
