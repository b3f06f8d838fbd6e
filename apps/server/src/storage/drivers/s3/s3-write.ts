import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { createBodyMeter } from '../../body-meter.js';
import type { WriteOptions, WriteResult } from '../../storage-driver.js';
import { bareEtag } from '../../storage-rules.js';
import { mapS3Error } from './s3-errors.js';
import type { S3Target } from './s3-client.js';

type PutParams = { Bucket: string; Key: string; Body: Readable; ContentType: string };

/**
 * Streams a body into one object. A broken declared length, a failing source or the caller's
 * signal aborts the request, so S3 never commits a partial object; the source's own error (or
 * the length AppError) is rethrown as is, SDK failures are mapped.
 */
export async function writeObject(
  target: S3Target,
  fullKey: string,
  key: string,
  body: Readable,
  options: WriteOptions,
): Promise<WriteResult> {
  const known = options.contentLength;
  const meter = createBodyMeter(known !== undefined ? { expectedLength: known } : {});
  const controller = new AbortController();
  let bodyError: unknown;
  meter.once('error', (error) => {
    bodyError = error;
    controller.abort(error);
  });
  body.once('error', (error) => meter.destroy(error));
  const cancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) cancel();
  const params = {
    Bucket: target.bucket,
    Key: fullKey,
    Body: body.pipe(meter),
    ContentType: options.contentType,
  };
  try {
    const etag = await (known !== undefined
      ? putStream(target, params, known, controller.signal)
      : uploadStream(target, params, controller.signal));
    return { size: meter.result().size, etag: bareEtag(etag ?? '') };
  } catch (error) {
    meter.destroy();
    throw bodyError ?? mapS3Error(error, key);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** Known length: one streamed PutObject, nothing buffered. */
async function putStream(target: S3Target, params: PutParams, length: number, signal: AbortSignal) {
  const put = new PutObjectCommand({ ...params, ContentLength: length });
  return (await target.client.send(put, { abortSignal: signal })).ETag;
}

/** Unknown length: lib-storage holds at most queueSize × partSize (4 × 5 MiB) in memory. */
async function uploadStream(target: S3Target, params: PutParams, signal: AbortSignal) {
  const upload = new Upload({ client: target.client, params, leavePartsOnError: false });
  const abort = () => void upload.abort();
  signal.addEventListener('abort', abort, { once: true });
  try {
    return (await upload.done()).ETag;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
