import { z } from 'zod';
import { strictBody } from './strict-body.js';

/** Items one batch-copy request may name (each may be a folder). */
export const BATCH_COPY_MAX_ITEMS = 1000;
/** Files one batch-copy-commit may confirm. */
export const BATCH_COPY_COMMIT_MAX_FILES = 1000;

const pathField = z.string().min(1).max(8192);

export const batchCopyRequestSchema = strictBody(
  z.object({
    items: z
      .array(strictBody(z.object({ sourcePath: pathField, targetPath: pathField })))
      .min(1, 'no files to copy')
      .max(BATCH_COPY_MAX_ITEMS),
    /** An existing target is skipped (true) or overwritten (false, the default). */
    skipExisting: z.boolean().default(false),
    /** Ask for the SPEC's browser relay instead of a server-side task across storages. */
    client_copy: z.boolean().default(false),
  }),
);
export type BatchCopyRequest = z.input<typeof batchCopyRequestSchema>;

/** What happened to one requested item. */
export const copyDetailSchema = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  /** success: copied now; skipped: target existed; queued: in the task; relay: in crossStorageResults. */
  status: z.enum(['success', 'skipped', 'failed', 'queued', 'relay']),
  error: z.string().optional(),
});

/** SPEC §3 "Cross-storage copy item": one file the client relays itself. */
export const crossStorageItemSchema = z.object({
  sourcePath: z.string(),
  targetPath: z.string(),
  downloadUrl: z.string(),
  uploadUrl: z.string(),
  /** Headers the upload must carry (signed with it). */
  uploadHeaders: z.record(z.string(), z.string()),
  targetMount: z.string(),
  targetKey: z.string(),
  contentType: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  isDirectory: z.boolean(),
  relativeDir: z.string(),
});
export type CrossStorageItem = z.infer<typeof crossStorageItemSchema>;

export const batchCopyResultSchema = z.object({
  /** Some item crosses storages. */
  crossStorage: z.boolean(),
  /** Items copied, skipped and failed by this request itself (same-storage copies). */
  success: z.number(),
  skipped: z.number(),
  failed: z.number(),
  details: z.array(copyDetailSchema),
  /** The task streaming the cross-storage items (poll GET /api/tasks/{taskId}). */
  taskId: z.string().nullable(),
  requiresClientSideCopy: z.boolean(),
  crossStorageResults: z.array(crossStorageItemSchema),
});
export type BatchCopyResult = z.infer<typeof batchCopyResultSchema>;

export const batchCopyCommitRequestSchema = strictBody(
  z.object({
    targetMountId: z.string().min(1).max(64),
    files: z
      .array(
        strictBody(
          z.object({
            targetPath: pathField,
            /** The target key as crossStorageResults gave it (checked against targetPath). */
            s3Path: z.string().max(8192).optional(),
            contentType: z.string().max(255).optional(),
            /** Ignored: the stored size is read from storage. */
            fileSize: z.number().int().min(0).optional(),
            /** Ignored: the stored ETag is read from storage. */
            etag: z.string().max(255).optional(),
          }),
        ),
      )
      .min(1, 'no cross-storage copy items found')
      .max(BATCH_COPY_COMMIT_MAX_FILES),
  }),
);

export const batchCopyCommitResultSchema = z.object({
  success: z.number(),
  failed: z.number(),
  files: z.array(
    z.object({
      targetPath: z.string(),
      success: z.boolean(),
      size: z.number().nullable(),
      etag: z.string().nullable(),
      error: z.string().optional(),
    }),
  ),
});
