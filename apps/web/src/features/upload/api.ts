import {
  DEFAULT_MAX_UPLOAD_SIZE_MB,
  fileDetailSchema,
  guestAccessSchema,
  maxUploadSizeSchema,
  multipartInitResponseSchema,
  multipartStateSchema,
  uploadStorageConfigSchema,
  type CommitRequest,
  type FileDetail,
  type MultipartInitResponse,
  type PresignResponse,
} from '@pasteport/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type UploadProgress } from '../../lib/api';
import {
  TransferError,
  xhrPut,
  xhrPutPart,
  type MultipartTransport,
  type UploadSession,
} from './multipart';
import { mimetypeOf, type ShareFields } from './upload-options';
import { callJson, sendBody, type CallAuth } from './upload-call';

const MB = 1024 * 1024;

/** GET /upload/storage-configs: where the caller may upload, the default first. */
export function useUploadStorageConfigs() {
  return useQuery({
    queryKey: ['upload', 'storage-configs'],
    queryFn: async ({ signal }) =>
      uploadStorageConfigSchema
        .array()
        .parse(await api.get<unknown>('/upload/storage-configs', { signal })),
    staleTime: 60_000,
    retry: 1,
  });
}

/**
 * The largest file accepted, in bytes. GET /system/max-upload-size answers in MB; when it
 * cannot be read the limit is SPEC §8's fallback of 100 MB (the server checks again anyway).
 */
export function useMaxUploadBytes(): { bytes: number; loading: boolean } {
  const query = useQuery({
    queryKey: ['system', 'max-upload-size'],
    queryFn: async ({ signal }) =>
      maxUploadSizeSchema.parse(await api.get<unknown>('/system/max-upload-size', { signal })),
    staleTime: 60_000,
    retry: 1,
  });
  const mb = query.data?.max_upload_size ?? DEFAULT_MAX_UPLOAD_SIZE_MB;
  return { bytes: Math.round(mb * MB), loading: query.isPending };
}

/** GET /system/guest-access, only asked when nobody is signed in (same cache as Home). */
export function useGuestUploads(enabled: boolean) {
  return useQuery({
    queryKey: ['system', 'guest-access'],
    queryFn: async ({ signal }) =>
      guestAccessSchema.parse(await api.get<unknown>('/system/guest-access', { signal })),
    enabled,
    staleTime: 30_000,
  });
}

/** Progress callback of a transfer: bytes sent so far. */
export type OnBytes = (loadedBytes: number) => void;

/**
 * POST /upload: the whole file in one multipart form with progress. Fields go before the
 * file so the server can check them before streaming the bytes.
 */
export async function uploadDirect(
  auth: CallAuth,
  file: File,
  fields: ShareFields,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: OnBytes } = {},
): Promise<FileDetail> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields) as [string, string | number | undefined][]) {
    if (value !== undefined) form.append(name, String(value));
  }
  form.append('mimetype', mimetypeOf(file));
  form.append('file', file, file.name);
  const data = await sendBody<unknown>(auth, '/upload', form, {
    signal,
    onProgress: (progress: UploadProgress) => onProgress?.(progress.loaded),
  });
  return fileDetailSchema.parse(data);
}

/** The two calls around a presigned PUT: `/s3/*` for files, `/url/*` for URL uploads. */
export interface PresignEndpoints<P> {
  presign: (request: P, signal?: AbortSignal) => Promise<PresignResponse>;
  commit: (request: CommitRequest, signal?: AbortSignal) => Promise<FileDetail>;
}

/**
 * The presigned flow of SPEC §7: presign, PUT the bytes straight to storage with the signed
 * headers, then commit (the server reads size and ETag from storage).
 */
export async function uploadViaPresign<P>(
  endpoints: PresignEndpoints<P>,
  request: P,
  body: Blob,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: OnBytes } = {},
): Promise<FileDetail> {
  const presigned = await endpoints.presign(request, signal);
  const put = await xhrPut(presigned.upload_url, body, {
    headers: presigned.upload_headers,
    signal,
    onProgress,
  });
  if (put.status < 200 || put.status >= 300) throw new TransferError('http', put.status);
  return endpoints.commit(
    {
      file_id: presigned.file_id,
      storage_path: presigned.storage_path,
      s3_url: presigned.s3_url,
      size: body.size,
      ...(put.etag ? { etag: put.etag } : {}),
    },
    signal,
  );
}

function sessionOf(answer: MultipartInitResponse): UploadSession {
  return {
    fileId: answer.file_id,
    uploadId: answer.upload_id,
    partSize: answer.part_size,
    partCount: answer.part_count,
    targets: answer.presigned_urls.map((target) => ({
      ...target,
      headers: answer.upload_headers,
    })),
  };
}

const relayedPartSchema = z.object({ partNumber: z.number(), etag: z.string() });

/**
 * The real MultipartTransport over the `/upload/multipart/*` routes. `fields` are the share
 * options this file is uploaded with. The last failure of a server call is kept in
 * `lastError`, so the page can word it fully (the uploader keeps only code and status).
 */
export class ServerMultipartTransport implements MultipartTransport {
  lastError: unknown = undefined;

  constructor(
    private readonly auth: CallAuth,
    /** Read when the upload is created, so a retry uses the options of that moment. */
    private readonly fields: () => ShareFields,
    private readonly partSize?: number,
  ) {}

  private async recorded<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.lastError = undefined;
      return result;
    } catch (error) {
      this.lastError = error;
      throw error;
    }
  }

  init(file: File, signal: AbortSignal): Promise<UploadSession> {
    return this.recorded(async () => {
      const body = {
        ...this.fields(),
        filename: file.name,
        mimetype: mimetypeOf(file),
        size: file.size,
        ...(this.partSize ? { part_size: this.partSize } : {}),
      };
      const answer = await callJson<unknown>(this.auth, 'POST', '/upload/multipart/init', body, {
        signal,
      });
      return sessionOf(multipartInitResponseSchema.parse(answer));
    });
  }

  resume(saved: { fileId: string; uploadId: string }, signal: AbortSignal) {
    return this.recorded(async () => {
      const query = { file_id: saved.fileId, upload_id: saved.uploadId };
      const answer = multipartStateSchema.parse(
        await callJson<unknown>(this.auth, 'GET', '/upload/multipart/parts', undefined, {
          query,
          signal,
        }),
      );
      return { session: sessionOf(answer), parts: answer.parts };
    });
  }

  putPart(
    target: UploadSession['targets'][number],
    body: Blob,
    options: { signal: AbortSignal; onProgress: OnBytes },
  ): Promise<string> {
    return xhrPutPart(target, body, options);
  }

  async relayPart(
    session: UploadSession,
    partNumber: number,
    isLastPart: boolean,
    body: Blob,
    options: { signal: AbortSignal; onProgress: OnBytes },
  ): Promise<string> {
    const answer = await sendBody<unknown>(this.auth, '/upload/multipart/part', body, {
      query: {
        file_id: session.fileId,
        upload_id: session.uploadId,
        partNumber,
        isLastPart,
      },
      headers: { 'Content-Type': 'application/octet-stream' },
      signal: options.signal,
      onProgress: (progress) => options.onProgress(progress.loaded),
    });
    return relayedPartSchema.parse(answer).etag;
  }

  complete(
    session: UploadSession,
    parts: { partNumber: number; etag: string }[],
    signal: AbortSignal,
  ): Promise<FileDetail> {
    return this.recorded(async () =>
      fileDetailSchema.parse(
        await callJson<unknown>(
          this.auth,
          'POST',
          '/upload/multipart/complete',
          { file_id: session.fileId, upload_id: session.uploadId, parts },
          { signal },
        ),
      ),
    );
  }

  async abort(session: UploadSession): Promise<void> {
    await callJson<unknown>(this.auth, 'POST', '/upload/multipart/abort', {
      file_id: session.fileId,
      upload_id: session.uploadId,
    });
  }
}
