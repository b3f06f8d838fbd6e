import { z } from 'zod';
import { fileShareOptionsSchema } from './files.js';
import { MAX_PATH_LENGTH } from './paths.js';
import { strictBody } from './strict-body.js';

/**
 * POST /api/fs/share: a file share of an object already in a mount (nothing is copied). The
 * share options are the uploads' (SPEC §7); `path` is the object's virtual path.
 */
export const shareFromMountRequestSchema = strictBody(
  fileShareOptionsSchema.extend({
    path: z.string().min(1, 'path is required').max(MAX_PATH_LENGTH),
  }),
);
export type ShareFromMountRequest = z.input<typeof shareFromMountRequestSchema>;

/** Most paths one shared-paths question names (as many as one archive or batch of a dialog). */
export const MAX_SHARED_PATHS = 1000;

/**
 * POST /api/fs/shared: which of these files and folders of mounts are shared, so a client can
 * warn before deleting them (a share points at the object: deleting it breaks the link). Each
 * path passes the one path rule (paths.ts) on the server, answered under `paths[i]`.
 */
export const sharedPathsRequestSchema = strictBody(
  z.object({
    paths: z
      .array(z.string().min(1, 'path is required').max(MAX_PATH_LENGTH))
      .min(1, 'name at least one path')
      .max(MAX_SHARED_PATHS, `at most ${MAX_SHARED_PATHS} paths`),
  }),
);
export type SharedPathsRequest = z.input<typeof sharedPathsRequestSchema>;

/**
 * One asked path that is shared: the path exactly as it was asked, and how many live file
 * shares point at it (a file) or at objects beneath it (a folder). Counts only: never which
 * shares, whose, or their links.
 */
export const sharedPathSchema = z.object({
  path: z.string(),
  shares: z.number().int().positive(),
});
export type SharedPath = z.infer<typeof sharedPathSchema>;

/** The asked paths that are shared, in the order asked; a path with no live share is absent. */
export const sharedPathsSchema = z.object({
  shared: z.array(sharedPathSchema),
});
export type SharedPaths = z.infer<typeof sharedPathsSchema>;
