import { ROUTES } from '@pasteport/contract/plain';
import type {
  FileDetail,
  CommitRequest,
  UrlImportProgress,
  UrlImportRequest,
  UrlImportStarted,
  UrlInfo,
  UrlPresignRequest,
} from '@pasteport/contract';
import { api, apiBaseUrl, buildUrl, type ApiClient } from '../../lib/api';
import { contractSchemas } from '../../lib/contract-schemas';
import { uploadSecretHeaders } from './api';
import { stepFailure } from './upload-step';

// The URL upload calls (SPEC §7 "URL upload"); every answer is parsed with the contract's
// schemas, loaded with the first call.

export type { UrlImportRequest, UrlImportStarted, UrlInfo, UrlPresignRequest };
/** `POST /api/url/commit` body: the same as `/api/s3/commit`. */
export type UrlCommitRequest = CommitRequest;
/** A server-side import's progress, as polled. */
export type UrlImportTask = UrlImportProgress;

/** POST /url/info: name, type and size of a remote file. */
export async function fetchUrlInfo(url: string, signal?: AbortSignal): Promise<UrlInfo> {
  return (await contractSchemas()).urlInfoSchema.parse(
    await api.call<unknown>(ROUTES.urlInfo, { body: { url }, signal }),
  );
}

/** POST /url/presign → where to PUT the downloaded bytes. */
export async function presignUrlUpload(
  client: ApiClient,
  request: UrlPresignRequest,
  signal?: AbortSignal,
) {
  return (await contractSchemas()).presignResponseSchema.parse(
    await client.call<unknown>(ROUTES.urlPresign, { body: request, signal }),
  );
}

/** POST /url/commit → the shared file; a failure is SPEC §8's "commit failure" with details. */
export async function commitUrlUpload(
  client: ApiClient,
  request: UrlCommitRequest,
  uploadSecret: string,
  signal?: AbortSignal,
): Promise<FileDetail> {
  try {
    return (await contractSchemas()).fileDetailSchema.parse(
      await client.call<unknown>(ROUTES.urlCommit, {
        body: request,
        signal,
        headers: uploadSecretHeaders(uploadSecret),
      }),
    );
  } catch (error) {
    throw stepFailure('urlCommit', error);
  }
}

/** POST /url/import: the server downloads the URL in the background. */
export async function startUrlImport(
  client: ApiClient,
  request: UrlImportRequest,
  signal?: AbortSignal,
): Promise<UrlImportStarted> {
  return (await contractSchemas()).urlImportStartedSchema.parse(
    await client.call<unknown>(ROUTES.urlImport, { body: request, signal }),
  );
}

/**
 * GET /url/import/{task_id}: how far the server's download is, presenting the secret its start
 * answered (a guest's task is readable only with it).
 */
export async function pollUrlImport(
  client: ApiClient,
  taskId: string,
  uploadSecret: string | undefined,
  signal?: AbortSignal,
): Promise<UrlImportTask> {
  return (await contractSchemas()).urlImportProgressSchema.parse(
    await client.call<unknown>(ROUTES.urlImportProgress, {
      params: { task_id: taskId },
      signal,
      headers: uploadSecretHeaders(uploadSecret),
    }),
  );
}

/** POST /url/cancel: stops a server-side import (presenting the secret its start answered). */
export async function cancelUrlImport(
  client: ApiClient,
  fileId: string,
  uploadSecret: string | undefined,
): Promise<void> {
  await client.call<unknown>(ROUTES.urlCancel, {
    body: { file_id: fileId },
    headers: uploadSecretHeaders(uploadSecret),
  });
}

/** The proxy that fetches a URL for the browser when the remote refuses CORS (SPEC §4). */
export function urlProxyPath(url: string): string {
  return buildUrl(apiBaseUrl(), '/url/proxy', { url });
}
