import { DeleteObjectsCommand } from '@aws-sdk/client-s3';
import type { DeleteResult } from '../../storage-driver.js';
import { mapS3Error } from './s3-errors.js';
import type { S3Target } from './s3-client.js';

const DELETE_BATCH = 1000;

/**
 * Deletes objects with DeleteObjects, 1,000 keys per request (S3's ceiling). Returns only
 * the failures, by storage-relative key; S3 reports a missing key as deleted, as we do.
 */
export async function deleteObjects(
  target: S3Target,
  keys: readonly { key: string; fullKey: string }[],
): Promise<Map<string, DeleteResult>> {
  const failures = new Map<string, DeleteResult>();
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    const byFullKey = new Map(batch.map((k) => [k.fullKey, k.key]));
    try {
      const output = await target.client.send(
        new DeleteObjectsCommand({
          Bucket: target.bucket,
          Delete: { Objects: batch.map((k) => ({ Key: k.fullKey })), Quiet: true },
        }),
      );
      for (const error of output.Errors ?? []) {
        const key = byFullKey.get(error.Key ?? '') ?? error.Key ?? '';
        const message = `${error.Code ?? 'Error'}: ${error.Message ?? 'delete failed'}`;
        failures.set(key, { key, ok: false, code: 'UPSTREAM_FAILED', message });
      }
    } catch (error) {
      const mapped = mapS3Error(error, 'delete');
      const message = mapped instanceof Error ? mapped.message : 'delete failed';
      for (const { key } of batch)
        failures.set(key, { key, ok: false, code: 'UPSTREAM_FAILED', message });
    }
  }
  return failures;
}
