import {
  fileDetailSchema,
  presignResponseSchema,
  urlImportProgressSchema,
  urlImportStartedSchema,
  urlInfoSchema,
  type FileDetail,
  type CommitRequest,
  type UrlImportProgress,
  type UrlImportRequest,
  type UrlImportStarted,
  type UrlInfo,
  type UrlPresignRequest,
} from '@pasteport/contract';
import { api } from '../../lib/api';
import { callJson, type CallAuth } from './upload-call';

// The URL upload calls (SPEC §7 "URL upload"); every answer is parsed with the contract.

export type { UrlImportRequest, UrlImportStarted, UrlInfo, UrlPresignRequest };
/** `POST /api/url/commit` body: the same as `/api/s3/commit`. */
export type UrlCommitRequest = CommitRequest;
/** A server-side import's progress, as polled. */
export type UrlImportTask = UrlImportProgress;

/** POST /url/info: name, type and size of a remote file. */
export async function fetchUrlInfo(url: string, signal?: AbortSignal): Promise<UrlInfo> {
  return urlInfoSchema.parse(await api.post<unknown>('/url/info', { url }, { signal }));
}

/** POST /url/presign → where to PUT the downloaded bytes. */
export async function presignUrlUpload(
  auth: CallAuth,
  request: UrlPresignRequest,
  signal?: AbortSignal,
) {
  return presignResponseSchema.parse(
    await callJson<unknown>(auth, 'POST', '/url/presign', request, { signal }),
  );
}

/** POST /url/commit → the shared file. */
export async function commitUrlUpload(
  auth: CallAuth,
  request: UrlCommitRequest,
  signal?: AbortSignal,
): Promise<FileDetail> {
  return fileDetailSchema.parse(
    await callJson<unknown>(auth, 'POST', '/url/commit', request, { signal }),
  );
}

/** POST /url/import: the server downloads the URL in the background. */
export async function startUrlImport(
  auth: CallAuth,
  request: UrlImportRequest,
  signal?: AbortSignal,
): Promise<UrlImportStarted> {
  return urlImportStartedSchema.parse(
    await callJson<unknown>(auth, 'POST', '/url/import', request, { signal }),
  );
}

/** GET /url/import/{task_id}: how far the server's download is. */
export async function pollUrlImport(taskId: string, signal?: AbortSignal): Promise<UrlImportTask> {
  return urlImportProgressSchema.parse(
    await api.get<unknown>(`/url/import/${encodeURIComponent(taskId)}`, { signal }),
  );
}

/** POST /url/cancel: stops a server-side import. */
export async function cancelUrlImport(fileId: string): Promise<void> {
  await api.post<unknown>('/url/cancel', { file_id: fileId });
}

/** The proxy that fetches a URL for the browser when the remote refuses CORS (SPEC §4). */
export function urlProxyPath(url: string): string {
  return `/api/url/proxy?${new URLSearchParams({ url }).toString()}`;
}
