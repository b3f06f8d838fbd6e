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
