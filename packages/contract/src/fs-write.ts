import { z } from 'zod';
import { EDITOR_CONTENT_MAX_BYTES } from './constants.js';
import { MULTIPART_MAX_PARTS } from './file-rules.js';
import { mediaTypeField, partTargetSchema, uploadedPartSchema } from './files.js';
import { strictBody } from './strict-body.js';
import { remoteUrlSchema } from './url-import.js';

/*
 * The file-system writes (SPEC §7 "File system"), with CloudPaste's field names so its clients
 * work. Every path is a virtual path (`/mount/path/below`), normalised and checked by the
 * server (a refused one is a 400 naming the field: path, oldPath, newPath, paths[3] …).
 */

/** Paths one batch-remove may name. */
export const FS_BATCH_REMOVE_MAX = 1000;
/** Files one upload task may hold. */
export const UPLOAD_TASK_MAX_FILES = 10_000;
/** URLs one `POST /api/fs/fetch` may name. */
export const FS_FETCH_MAX_ITEMS = 100;
/** Largest text `POST /api/fs/update` stores, in UTF-8 bytes (SPEC §9 editor content max). */
export const FS_UPDATE_MAX_BYTES = EDITOR_CONTENT_MAX_BYTES;

/** A virtual path as sent: the server normalises it (vfs/path.ts) and names the field. */
const fsPath = z.string().max(8192, 'must be at most 8192 characters');
/** A file name inside the target folder (no slashes; the server checks it as a path name). */
const fsFileName = z.string().min(1, 'fileName is required').max(1024);
const fileSize = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `POST /api/fs/mkdir` body. */
export const fsMkdirRequestSchema = strictBody(z.object({ path: fsPath }));

/** What a write left at a path (sizes and ETags always as storage reports them). */
export const fsWrittenSchema = z.object({
  path: z.string(),
  name: z.string(),
  isDirectory: z.boolean(),
  size: z.number(),
  etag: z.string().nullable(),
  modified: z.string().nullable(),
});
export type FsWritten = z.infer<typeof fsWrittenSchema>;

/**
 * Fields of `POST /api/fs/upload` (multipart/form-data) besides the `file` part. `path` names
 * the target folder, or the whole target path when its last name is the file's name (a `path`
 * ending in `/` is always a folder). `use_multipart` is accepted for CloudPaste clients: this
 * server always streams the body into storage (S3 writes go up in parts by themselves).
 */
export const fsUploadFieldsSchema = strictBody(
  z.object({
    path: fsPath,
    use_multipart: z.enum(['true', 'false', '1', '0', '']).optional(),
  }),
);

/** `POST /api/fs/update` body: creates or replaces a text file. */
export const fsUpdateRequestSchema = strictBody(
  z.object({
    path: fsPath,
    content: z.string(),
  }),
);

/** `POST /api/fs/rename` body: a file or a folder (with everything beneath) to a new path. */
export const fsRenameRequestSchema = strictBody(
  z.object({
    oldPath: fsPath,
    newPath: fsPath,
  }),
);

/** `POST /api/fs/rename` → data. */
export const fsRenamedSchema = z.object({
  oldPath: z.string(),
  newPath: z.string(),
  isDirectory: z.boolean(),
  /** Objects moved by the request itself: a file 1; a folder 0, as its task moves it. */
  moved: z.number(),
  /** A folder's move task (poll GET /api/tasks/{taskId}); null for a file. */
  taskId: z.string().nullable(),
});

/** `DELETE /api/fs/batch-remove` body. */
export const fsBatchRemoveRequestSchema = strictBody(
  z.object({
    paths: z
      .array(fsPath)
      .min(1, 'give at least one path')
      .max(FS_BATCH_REMOVE_MAX, `at most ${FS_BATCH_REMOVE_MAX} paths per call`),
  }),
);

/** The outcome for one path of a batch-remove; one bad path does not stop the rest. */
export const fsRemoveResultSchema = z.object({
  path: z.string(),
  success: z.boolean(),
  /** Why it failed (null on success); `code` is the error code. */
  error: z.string().nullable(),
  code: z.string().nullable(),
  /** A big folder, removed by the call's delete task (`taskId`) rather than at once. */
  queued: z.boolean(),
});

/** `DELETE /api/fs/batch-remove` → data. */
export const fsBatchRemovedSchema = z.object({
  results: z.array(fsRemoveResultSchema),
  success: z.number(),
  failed: z.number(),
  /** The delete task removing the queued folders (poll GET /api/tasks/{taskId}), or null. */
  taskId: z.string().nullable(),
});

/** `POST /api/fs/presign` body: the folder, the name, and what the client will PUT. */
export const fsPresignRequestSchema = strictBody(
  z.object({
    path: fsPath,
    fileName: fsFileName,
    contentType: mediaTypeField.optional(),
    fileSize,
  }),
);

/** `POST /api/fs/presign` → data: PUT the bytes to `presignedUrl` with `headers`, then commit. */
export const fsPresignedSchema = z.object({
  presignedUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** The virtual path the file will have. */
  path: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  /** The object key in the mount's storage. */
  key: z.string(),
  expiresAt: z.string(),
});

/** `POST /api/fs/presign/commit` body: names the uploaded file (the server stats storage). */
export const fsPresignCommitRequestSchema = strictBody(
  z.object({
    path: fsPath,
    fileName: fsFileName,
    contentType: mediaTypeField.optional(),
    /** Only compared with what storage holds; a mismatch is refused. */
    fileSize: fileSize.optional(),
    etag: z.string().max(200).optional(),
  }),
);

/** `POST /api/fs/multipart/init` body. */
export const fsMultipartInitRequestSchema = strictBody(
  z.object({
    path: fsPath,
    fileName: fsFileName,
    fileSize,
    /** Bytes per part; defaults to MULTIPART_PART_SIZE. */
    partSize: z
      .number()
      .int()
      .min(1)
      .max(5 * 1024 * 1024 * 1024)
      .optional(),
    /** When given, must match fileSize / partSize. */
    partCount: z.number().int().min(1).max(MULTIPART_MAX_PARTS).optional(),
    contentType: mediaTypeField.optional(),
  }),
);

/** `POST /api/fs/multipart/init` → data (SPEC §3 "file-system variant": uploadId, presignedUrls). */
export const fsMultipartInitSchema = z.object({
  /** Names this upload in complete/abort; bound to its path, storage and caller (signed). */
  uploadId: z.string(),
  presignedUrls: z.array(partTargetSchema),
  partSize: z.number(),
  partCount: z.number(),
  /** Headers every part PUT must carry (signed). */
  headers: z.record(z.string(), z.string()),
  path: z.string(),
  fileName: z.string(),
  key: z.string(),
  expiresAt: z.string(),
});

/** `POST /api/fs/multipart/complete` body. */
export const fsMultipartCompleteRequestSchema = strictBody(
  z.object({
    path: fsPath,
    uploadId: z.string().min(1).max(4096),
    fileName: fsFileName,
    fileSize: fileSize.optional(),
    parts: z
      .array(
        strictBody(
          z.object({
            partNumber: z.number().int().min(1).max(MULTIPART_MAX_PARTS),
            etag: z.string().min(1).max(200),
          }),
        ),
      )
      .min(1, 'give at least one part')
      .max(MULTIPART_MAX_PARTS),
  }),
);

/**
 * `POST /api/fs/multipart/parts` body: names an open upload to resume (after a reload or a
 * lost connection); the answer is a fresh init plus the parts storage already holds.
 */
export const fsMultipartRefSchema = strictBody(
  z.object({
    path: fsPath,
    uploadId: z.string().min(1).max(4096),
    fileName: fsFileName,
  }),
);

/** `POST /api/fs/multipart/parts` → data: fresh part URLs and what storage holds. */
export const fsMultipartStateSchema = fsMultipartInitSchema.extend({
  parts: z.array(uploadedPartSchema),
});
export type FsMultipartState = z.infer<typeof fsMultipartStateSchema>;

/** `POST /api/fs/multipart/abort` body. */
export const fsMultipartAbortRequestSchema = strictBody(
  z.object({
    path: fsPath,
    uploadId: z.string().min(1).max(4096),
    fileName: fsFileName,
  }),
);

/**
 * `POST /api/fs/fetch` body: this server downloads each URL into the folder `path` (a download
 * task). The file's name is `fileName`, else the URL's last path segment, else `download`; a
 * name taken in the folder fails its item unless `overwrite`.
 */
export const fsFetchRequestSchema = strictBody(
  z.object({
    path: fsPath,
    items: z
      .array(strictBody(z.object({ url: remoteUrlSchema, fileName: fsFileName.optional() })))
      .min(1, 'give at least one URL')
      .max(FS_FETCH_MAX_ITEMS, `at most ${FS_FETCH_MAX_ITEMS} URLs per call`),
    overwrite: z.boolean().default(false),
  }),
);
export type FsFetchRequest = z.input<typeof fsFetchRequestSchema>;

/** `POST /api/fs/fetch` → data: the task, and where each URL will land. */
export const fsFetchStartedSchema = z.object({
  taskId: z.string(),
  items: z.array(z.object({ url: z.string(), path: z.string() })),
});
export type FsFetchStarted = z.infer<typeof fsFetchStartedSchema>;

/**
 * `POST /api/fs/upload-tasks` body: the files a client is about to upload into the folder
 * `path` (each `path` relative to it, so a whole folder tree fits), recorded as an `upload`
 * task the client drives: the task manager shows it on every device, and a reloaded page
 * knows which files are left.
 */
export const uploadTaskRequestSchema = strictBody(
  z.object({
    path: fsPath,
    files: z
      .array(
        strictBody(
          z.object({ path: z.string().min(1, 'path is required').max(4096), size: fileSize }),
        ),
      )
      .min(1, 'give at least one file')
      .max(UPLOAD_TASK_MAX_FILES, `at most ${UPLOAD_TASK_MAX_FILES} files per task`),
  }),
);
export type UploadTaskRequest = z.input<typeof uploadTaskRequestSchema>;

/** `POST /api/fs/upload-tasks` → data: the task and each file's item (`seq`) and full path. */
export const uploadTaskCreatedSchema = z.object({
  taskId: z.string(),
  items: z.array(z.object({ seq: z.number(), path: z.string() })),
});
export type UploadTaskCreated = z.infer<typeof uploadTaskCreatedSchema>;

/**
 * `POST /api/fs/upload-tasks/{id}/items/{seq}` body: how one file's upload stands —
 * `preparing` (hashing, planning parts), `downloading` (its bytes are moving), `completed`
 * (the server checks the file is in storage and records its real size), `failed` (with the
 * reason the client met) or `skipped`.
 */
export const uploadTaskReportSchema = strictBody(
  z.object({
    status: z.enum(['preparing', 'downloading', 'completed', 'failed', 'skipped']),
    error: z.string().max(500).optional(),
  }),
);
export type UploadTaskReport = z.input<typeof uploadTaskReportSchema>;

/** Path parameters of an item report. */
export const uploadTaskItemParams = z.object({
  id: z.string().min(1).max(64),
  seq: z.coerce.number().int().min(0).max(UPLOAD_TASK_MAX_FILES),
});
