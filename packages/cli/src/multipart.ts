import type { FileDetail, MultipartInitResponse, MultipartState } from '@pasteport/contract';
import {
  MULTIPART_CONCURRENCY,
  PART_MAX_RETRIES,
  PART_RETRY_DELAY_MS,
  PART_UPLOAD_TIMEOUT_MS,
  ROUTES,
  UPLOAD_SECRET_HEADER,
} from '@pasteport/contract/plain';
import { openAsBlob } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorOf, type ApiClient } from './client.js';
import type { Env } from './config.js';
import { ApiError } from './errors.js';
import type { FileShareFields } from './share-options.js';
import {
  forgetUpload,
  readSavedUpload,
  saveUpload,
  type FileIdentity,
  type SavedUpload,
} from './upload-state.js';

/** One part's byte range [start, end) of the file; part numbers start at 1. */
export interface PartRange {
  partNumber: number;
  start: number;
  end: number;
}

/** The parts a file is cut into (an empty file is one empty part), as the server cuts them. */
export function partRanges(size: number, partSize: number): PartRange[] {
  const count = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: count }, (_, index) => ({
    partNumber: index + 1,
    start: index * partSize,
    end: Math.min(size, (index + 1) * partSize),
  }));
}

export interface MultipartJob {
  client: ApiClient;
  env: Env;
  identity: FileIdentity;
  filename: string;
  mimetype: string;
  fields: FileShareFields;
  /** Bytes per part asked of the server (it may answer another). */
  partSize: number;
  /** Bytes newly stored on the server (for the progress bar). */
  onStored?: (bytes: number) => void;
}

export interface MultipartOutcome {
  file: FileDetail;
  /** Whether an earlier run's upload was continued. */
  resumed: boolean;
  /** Parts this run sent; the rest were on the server already. */
  partsSent: number;
  partsTotal: number;
}

/** The session this run continues or starts, with the parts already stored. */
interface Session {
  saved: SavedUpload;
  targets: Map<number, string>;
  headers: Record<string, string>;
  stored: Map<number, string>;
  resumed: boolean;
}

const secretHeaders = (secret: string) => ({ [UPLOAD_SECRET_HEADER]: secret });

/**
 * Uploads a file in parts over `/upload/multipart/*`, resumably: the session is saved before
 * the first part, and a later run for the same file (path, size, mtime) asks the server which
 * parts it holds and sends only the others — as the web's uploader does with its saved state.
 */
export async function uploadMultipart(job: MultipartJob): Promise<MultipartOutcome> {
  const blob = await openAsBlob(job.identity.file);
  const session = await openSession(job);
  const ranges = partRanges(job.identity.size, session.saved.partSize);
  const missing = ranges.filter((range) => !session.stored.has(range.partNumber));
  job.onStored?.(
    ranges
      .filter((range) => session.stored.has(range.partNumber))
      .reduce((sum, range) => sum + range.end - range.start, 0),
  );
  const queue = [...missing];
  const worker = async () => {
    for (let range = queue.shift(); range; range = queue.shift()) {
      const etag = await sendPart(job, session, blob, range);
      session.stored.set(range.partNumber, etag);
      job.onStored?.(range.end - range.start);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(MULTIPART_CONCURRENCY, queue.length) }, () => worker()),
  );
  const parts = [...session.stored.entries()]
    .sort(([a], [b]) => a - b)
    .map(([partNumber, etag]) => ({ partNumber, etag }));
  const file = await job.client.call<FileDetail>(ROUTES.completeMultipart, {
    body: { file_id: session.saved.fileId, upload_id: session.saved.uploadId, parts },
    headers: secretHeaders(session.saved.uploadSecret),
  });
  await forgetUpload(job.env, job.identity);
  return { file, resumed: session.resumed, partsSent: missing.length, partsTotal: ranges.length };
}

async function openSession(job: MultipartJob): Promise<Session> {
  const saved = await readSavedUpload(job.env, job.identity);
  if (saved) {
    try {
      const state = await job.client.call<MultipartState>(ROUTES.multipartParts, {
        query: { file_id: saved.fileId, upload_id: saved.uploadId },
        headers: secretHeaders(saved.uploadSecret),
      });
      const ranges = partRanges(job.identity.size, state.part_size);
      if (ranges.length === state.part_count) {
        // A stored part counts only when it has the length this file's part has.
        const stored = new Map<number, string>();
        for (const part of state.parts) {
          const range = ranges[part.partNumber - 1];
          if (range && part.size === range.end - range.start && part.etag) {
            stored.set(part.partNumber, part.etag);
          }
        }
        return {
          saved: { ...saved, partSize: state.part_size, partCount: state.part_count },
          targets: new Map(state.presigned_urls.map((target) => [target.partNumber, target.url])),
          headers: state.upload_headers,
          stored,
          resumed: true,
        };
      }
    } catch (error) {
      // Gone or refused (expired, completed, aborted elsewhere): start over.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
    }
    await forgetUpload(job.env, job.identity);
  }
  const init = await job.client.call<MultipartInitResponse>(ROUTES.initMultipart, {
    body: {
      ...job.fields,
      filename: job.filename,
      mimetype: job.mimetype,
      size: job.identity.size,
      part_size: job.partSize,
    },
  });
  const fresh: SavedUpload = {
    fileId: init.file_id,
    uploadId: init.upload_id,
    uploadSecret: init.upload_secret,
    partSize: init.part_size,
    partCount: init.part_count,
    savedAt: Date.now(),
  };
  await saveUpload(job.env, job.identity, fresh);
  return {
    saved: fresh,
    targets: new Map(init.presigned_urls.map((target) => [target.partNumber, target.url])),
    headers: init.upload_headers,
    stored: new Map(),
    resumed: false,
  };
}

/** Whether a failure may pass on a retry (network, timeout, 408/429/5xx). */
function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError)
    return error.status === 408 || error.status === 429 || error.status >= 500;
  return true;
}

/** One part, retried up to PART_MAX_RETRIES times with the SPEC's growing delay. */
async function sendPart(
  job: MultipartJob,
  session: Session,
  blob: Blob,
  range: PartRange,
): Promise<string> {
  const body = blob.slice(range.start, range.end);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await attemptPart(job, session, body, range);
    } catch (error) {
      if (attempt >= PART_MAX_RETRIES || !isRetryable(error)) throw error;
      await sleep(PART_RETRY_DELAY_MS * (attempt + 1));
    }
  }
}

/**
 * PUTs a part to its signed URL (storage directly, or local storage's stand-in); without a
 * URL, or when storage is unreachable from here, the server relays it.
 */
async function attemptPart(
  job: MultipartJob,
  session: Session,
  body: Blob,
  range: PartRange,
): Promise<string> {
  const target = session.targets.get(range.partNumber);
  if (target) {
    let response: Response | undefined;
    try {
      response = await fetch(job.client.link(target), {
        method: 'PUT',
        headers: session.headers,
        body,
        signal: AbortSignal.timeout(PART_UPLOAD_TIMEOUT_MS),
      });
    } catch {
      response = undefined; // unreachable: relay below
    }
    if (response) {
      if (!response.ok) throw await errorOf(response);
      await response.arrayBuffer();
      const etag = response.headers.get('etag');
      if (etag) return etag;
    }
  }
  const relayed = await job.client.call<{ partNumber: number; etag: string }>(ROUTES.uploadPart, {
    raw: body,
    query: {
      file_id: session.saved.fileId,
      upload_id: session.saved.uploadId,
      partNumber: range.partNumber,
      isLastPart: range.partNumber === session.saved.partCount,
    },
    headers: {
      'content-type': 'application/octet-stream',
      ...secretHeaders(session.saved.uploadSecret),
    },
    timeoutMs: PART_UPLOAD_TIMEOUT_MS,
  });
  return relayed.etag;
}
