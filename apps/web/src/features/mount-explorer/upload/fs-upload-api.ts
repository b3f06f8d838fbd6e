import { ROUTES } from '@pasteport/contract/plain';
import {
  fsMultipartInitSchema,
  fsMultipartStateSchema,
  fsWrittenSchema,
  uploadTaskCreatedSchema,
  type FsMultipartState,
  type FsWritten,
  type UploadTaskCreated,
  type UploadTaskReport,
} from '@pasteport/contract';
import type { z } from 'zod';
import { apiLink, type ApiClient } from '../../../lib/api';
import {
  TransferError,
  xhrPutPart,
  type MultipartTransport,
  type PartRequestOptions,
  type PartTarget,
  type ResumeIds,
  type UploadSession,
} from '../../../lib/transfer';
import { parentPath } from '../location';

/** Where one file goes: the folder and the file's name in it. */
export interface UploadTarget {
  folder: string;
  name: string;
}

/** The target of a full virtual path (`/m/a/b.txt` → folder `/m/a`, name `b.txt`). */
export function targetOf(path: string): UploadTarget {
  return { folder: parentPath(path), name: path.slice(path.lastIndexOf('/') + 1) };
}

/** The content type the browser knows for a file, or none (the server guesses by name). */
const contentTypeOf = (file: File) => (file.type ? { contentType: file.type } : {});

/** `POST /api/fs/upload`: a small file in one form, the folder before the bytes. */
export async function sendFsForm(
  client: ApiClient,
  target: UploadTarget,
  file: File,
  options: { signal: AbortSignal; onProgress: (loaded: number) => void },
): Promise<FsWritten> {
  const form = new FormData();
  form.append('path', target.folder);
  form.append('file', file, target.name);
  const answer = await client.callUpload<unknown>(ROUTES.fsUpload, form, {
    signal: options.signal,
    onProgress: (progress) => options.onProgress(progress.loaded),
  });
  return fsWrittenSchema.parse(answer);
}

/** The uploader's session of an fs multipart answer; the file id is the file's path. */
function sessionOf(
  answer: z.infer<typeof fsMultipartInitSchema> | FsMultipartState,
  path: string,
): UploadSession {
  return {
    fileId: path,
    uploadId: answer.uploadId,
    partSize: answer.partSize,
    partCount: answer.partCount,
    targets: answer.presignedUrls.map((target) => ({
      ...target,
      // A local-disk part URL is origin-relative: it belongs to the API's host.
      url: apiLink(target.url),
      headers: answer.headers,
    })),
  };
}

/**
 * The multipart uploader's transport over `/api/fs/multipart/*`: parts go straight to the
 * mount's storage (S3 presigned URLs, or this server's signed URLs for local disk); a reload
 * resumes through `/api/fs/multipart/parts`. There is no relay route for mounts: a storage
 * the browser cannot reach (CORS) fails the part, with the network error the page words.
 */
export class FsMultipartTransport implements MultipartTransport {
  lastError: unknown = undefined;
  private readonly path: string;

  constructor(
    private readonly client: ApiClient,
    private readonly target: UploadTarget,
  ) {
    this.path = `${target.folder === '/' ? '' : target.folder}/${target.name}`;
  }

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

  private get ref() {
    return { path: this.target.folder, fileName: this.target.name };
  }

  init(file: File, signal: AbortSignal): Promise<UploadSession> {
    return this.recorded(async () => {
      const body = { ...this.ref, fileSize: file.size, ...contentTypeOf(file) };
      const answer = await this.client.call<unknown>(ROUTES.fsMultipartInit, { body, signal });
      return sessionOf(fsMultipartInitSchema.parse(answer), this.path);
    });
  }

  resume(saved: ResumeIds, signal: AbortSignal) {
    return this.recorded(async () => {
      const body = { ...this.ref, uploadId: saved.uploadId };
      const answer = fsMultipartStateSchema.parse(
        await this.client.call<unknown>(ROUTES.fsMultipartParts, { body, signal }),
      );
      return { session: sessionOf(answer, this.path), parts: answer.parts };
    });
  }

  putPart(target: PartTarget, body: Blob, options: PartRequestOptions): Promise<string> {
    return xhrPutPart(target, body, options);
  }

  relayPart(): Promise<string> {
    return Promise.reject(new TransferError('network'));
  }

  complete(
    session: UploadSession,
    parts: { partNumber: number; etag: string }[],
    signal: AbortSignal,
  ): Promise<FsWritten> {
    return this.recorded(async () => {
      const body = { ...this.ref, uploadId: session.uploadId, parts };
      const answer = await this.client.call<unknown>(ROUTES.fsMultipartComplete, { body, signal });
      return fsWrittenSchema.parse(answer);
    });
  }

  async abort(session: UploadSession): Promise<void> {
    const body = { ...this.ref, uploadId: session.uploadId };
    await this.client.call<unknown>(ROUTES.fsMultipartAbort, { body });
  }
}

/** `POST /api/fs/upload-tasks`: records the files about to go into `folder` as one task. */
export async function createUploadTask(
  client: ApiClient,
  folder: string,
  files: { path: string; size: number }[],
): Promise<UploadTaskCreated> {
  const body = { path: folder, files };
  return uploadTaskCreatedSchema.parse(
    await client.call<unknown>(ROUTES.createUploadTask, { body }),
  );
}

/** `POST /api/fs/upload-tasks/{id}/items/{seq}`: how one file of the task ended. */
export async function reportUploadItem(
  client: ApiClient,
  taskId: string,
  seq: number,
  report: UploadTaskReport,
): Promise<void> {
  await client.call<unknown>(ROUTES.reportUploadTaskItem, {
    params: { id: taskId, seq: String(seq) },
    body: report,
  });
}
