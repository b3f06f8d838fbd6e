import type {
  CommitRequest,
  FileDetail,
  MultipartInitResponse,
  MultipartState,
  PresignResponse,
} from '@pasteport/contract';
import {
  DEFAULT_MAX_UPLOAD_SIZE_MB,
  isRecord,
  parseMaxUploadSize,
  UPLOAD_SECRET_HEADER,
  ROUTES,
} from '@pasteport/contract/plain';
import { useQuery } from '@tanstack/react-query';
import { api, apiLink, type ApiClient, type UploadProgress } from '../../lib/api';
import { contractSchemas } from '../../lib/contract-schemas';
import {
  type MultipartTransport,
  type ResumeIds,
  TransferError,
  type UploadSession,
  xhrPut,
  xhrPutPart,
} from '../../lib/transfer';
import { mimetypeOf, type ShareFields } from './upload-options';
import { stepFailure, type UploadStep } from './upload-step';

const MB = 1024 * 1024;

/** The header that binds a later upload step to its init (none when there is no secret). */
export function uploadSecretHeaders(secret: string | undefined): Record<string, string> {
  return secret ? { [UPLOAD_SECRET_HEADER]: secret } : {};
}

/**
 * GET /upload/storage-configs: where the caller may upload, the default first. Only asked when
 * `enabled` (an identity allowed to upload): anyone else gets a 401 or 403 from it.
 */
export function useUploadStorageConfigs(enabled: boolean) {
  return useQuery({
    queryKey: ['upload', 'storage-configs'],
    queryFn: async ({ signal }) => {
      const answer = await api.call<unknown>(ROUTES.uploadStorageConfigs, { signal });
      return (await contractSchemas()).uploadStorageConfigSchema.array().parse(answer);
    },
    enabled,
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
      parseMaxUploadSize(await api.call<unknown>(ROUTES.maxUploadSize, { signal })),
    staleTime: 60_000,
    retry: 1,
  });
  const mb = query.data?.max_upload_size ?? DEFAULT_MAX_UPLOAD_SIZE_MB;
  return { bytes: Math.round(mb * MB), loading: query.isPending };
}

/** Progress callback of a transfer: bytes sent so far. */
export type OnBytes = (loadedBytes: number) => void;

/**
 * POST /upload: the whole file in one multipart form with progress. Fields go before the
 * file so the server can check them before streaming the bytes.
 */
export async function uploadDirect(
  client: ApiClient,
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
  const data = await client.callUpload<unknown>(ROUTES.uploadForm, form, {
    signal,
    onProgress: (progress: UploadProgress) => onProgress?.(progress.loaded),
  });
  return (await contractSchemas()).fileDetailSchema.parse(data);
}

/** The two calls around a presigned PUT: `/s3/*` for files, `/url/*` for URL uploads. */
export interface PresignEndpoints<P> {
  presign: (request: P, signal?: AbortSignal) => Promise<PresignResponse>;
  /** `uploadSecret` is the presign's: the commit presents it (X-Upload-Secret). */
  commit: (
    request: CommitRequest,
    uploadSecret: string,
    signal?: AbortSignal,
  ) => Promise<FileDetail>;
}

/**
 * The presigned flow of SPEC §7: presign, PUT the bytes straight to storage with the signed
 * headers, then commit (the server reads size and ETag from storage). A failed presign is
 * "failed to get presigned URL" with its details, an answer without the fields "no valid
 * data" (SPEC §8); a taken link suffix stays the 409 it is.
 */
export async function uploadViaPresign<P>(
  endpoints: PresignEndpoints<P>,
  request: P,
  body: Blob,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: OnBytes } = {},
): Promise<FileDetail> {
  let presigned: PresignResponse;
  try {
    presigned = await endpoints.presign(request, signal);
  } catch (error) {
    throw stepFailure('presign', error);
  }
  // A local-storage upload URL is origin-relative: it belongs to the API's host.
  const put = await xhrPut(apiLink(presigned.upload_url), body, {
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
    presigned.upload_secret,
    signal,
  );
}

function sessionOf(
  answer: MultipartInitResponse | MultipartState,
  uploadSecret: string | undefined,
): UploadSession {
  return {
    ...(uploadSecret ? { uploadSecret } : {}),
    fileId: answer.file_id,
    uploadId: answer.upload_id,
    partSize: answer.part_size,
    partCount: answer.part_count,
    targets: answer.presigned_urls.map((target) => ({
      ...target,
      url: apiLink(target.url),
      headers: answer.upload_headers,
    })),
  };
}

/** The ETag of a part the server relayed (`{ partNumber, etag }`). */
function relayedEtag(answer: unknown): string {
  if (
    isRecord(answer) &&
    typeof answer.partNumber === 'number' &&
    typeof answer.etag === 'string'
  ) {
    return answer.etag;
  }
  throw new TypeError('the relayed part came back without its ETag');
}

/** Which SPEC §8 step message an init or complete failure is worded with, if its own. */
export interface MultipartFailureSteps {
  init: UploadStep;
  complete: UploadStep;
}

/** A URL upload's multipart calls fail with their own words (SPEC §8 URL upload). */
export const URL_MULTIPART_STEPS: MultipartFailureSteps = {
  init: 'urlMultipartInit',
  complete: 'urlMultipartComplete',
};

/**
 * The real MultipartTransport over the `/upload/multipart/*` routes. `fields` are the share
 * options this file is uploaded with. The last failure of a server call is kept in
 * `lastError`, so the page can word it fully (the uploader keeps only code and status).
 */
export class ServerMultipartTransport implements MultipartTransport {
  lastError: unknown = undefined;

  constructor(
    private readonly client: ApiClient,
    /** Read when the upload is created, so a retry uses the options of that moment. */
    private readonly fields: () => ShareFields,
    private readonly partSize?: number,
    /** How init and complete failures are worded (a URL upload's have their own words). */
    private readonly steps?: MultipartFailureSteps,
  ) {}

  /**
   * Runs a server call, keeping its failure for the page (worded as `step`'s, when given).
   * The uploader still gets the request's own error, which its retry rules read.
   */
  private async recorded<T>(call: () => Promise<T>, step?: UploadStep): Promise<T> {
    try {
      const result = await call();
      this.lastError = undefined;
      return result;
    } catch (error) {
      this.lastError = step ? stepFailure(step, error) : error;
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
      const answer = await this.client.call<unknown>(ROUTES.initMultipart, { body, signal });
      const session = (await contractSchemas()).multipartInitResponseSchema.parse(answer);
      return sessionOf(session, session.upload_secret);
    }, this.steps?.init);
  }

  resume(saved: ResumeIds, signal: AbortSignal) {
    return this.recorded(async () => {
      const query = { file_id: saved.fileId, upload_id: saved.uploadId };
      const { multipartStateSchema } = await contractSchemas();
      const answer = multipartStateSchema.parse(
        await this.client.call<unknown>(ROUTES.multipartParts, {
          query,
          headers: uploadSecretHeaders(saved.uploadSecret),
          signal,
        }),
      );
      return { session: sessionOf(answer, saved.uploadSecret), parts: answer.parts };
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
    const answer = await this.client.callUpload<unknown>(ROUTES.uploadPart, body, {
      query: {
        file_id: session.fileId,
        upload_id: session.uploadId,
        partNumber,
        isLastPart,
      },
      headers: {
        'Content-Type': 'application/octet-stream',
        ...uploadSecretHeaders(session.uploadSecret),
      },
      signal: options.signal,
      onProgress: (progress) => options.onProgress(progress.loaded),
    });
    return relayedEtag(answer);
  }

  complete(
    session: UploadSession,
    parts: { partNumber: number; etag: string }[],
    signal: AbortSignal,
  ): Promise<FileDetail> {
    return this.recorded(async () => {
      const answer = await this.client.call<unknown>(ROUTES.completeMultipart, {
        body: { file_id: session.fileId, upload_id: session.uploadId, parts },
        signal,
        headers: uploadSecretHeaders(session.uploadSecret),
      });
      return (await contractSchemas()).fileDetailSchema.parse(answer);
    }, this.steps?.complete);
  }

  async abort(session: UploadSession): Promise<void> {
    await this.client.call<unknown>(ROUTES.abortMultipart, {
      body: { file_id: session.fileId, upload_id: session.uploadId },
      headers: uploadSecretHeaders(session.uploadSecret),
    });
  }
}
