import { z } from 'zod';
import { filenameSchema } from './files.js';
import { MAX_PATH_LENGTH } from './paths.js';
import { strictBody } from './strict-body.js';

/** Most paths one archive request names (folders count once, whatever they hold). */
export const MAX_ARCHIVE_PATHS = 1000;
/** How long an archive link works, in seconds (1 hour). */
export const ARCHIVE_LINK_TTL_SECONDS = 3600;

/**
 * POST /api/fs/archive: files and folders of mounts to pack into one ZIP, and the archive's
 * file name (`.zip` is appended when missing).
 */
export const createArchiveRequestSchema = strictBody(
  z.object({
    paths: z
      .array(z.string().min(1, 'path is required').max(MAX_PATH_LENGTH))
      .min(1, 'name at least one path')
      .max(MAX_ARCHIVE_PATHS, `at most ${MAX_ARCHIVE_PATHS} paths`),
    name: filenameSchema,
  }),
);
export type CreateArchiveRequest = z.input<typeof createArchiveRequestSchema>;

/** The link that streams the archive, usable without credentials until `expires_at`. */
export const archiveLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type ArchiveLink = z.infer<typeof archiveLinkSchema>;

/** GET /api/fs/archive/{id}?token=: the link's secret. */
export const archiveDownloadQuerySchema = z.object({
  token: z.string().max(200).optional(),
});
