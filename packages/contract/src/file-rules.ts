import { FALLBACK_MEDIA_TYPE, normaliseMediaType } from './media-type.js';

// The file rules that need no schema: the web's first load reads them without zod.

export const FILE_REMARK_MAX = 500;
export const FILE_PASSWORD_MAX = 256;
export const FILENAME_MAX = 255;
/** The longest `expires_in` accepted, in hours (ten years). */
export const FILE_EXPIRES_IN_MAX_HOURS = 24 * 366 * 10;
/** The longest page a file listing returns. */
export const FILE_LIST_LIMIT_MAX = 200;
/** Largest number of parts one multipart upload may have (S3's own limit). */
export const MULTIPART_MAX_PARTS = 10_000;

/**
 * The header every step after an upload's init carries (commit, part list, relay, complete,
 * abort, cancel, a URL import's progress): the `upload_secret` the init answered. A guest's
 * pending upload is bound to it; only its SHA-256 is stored.
 */
export const UPLOAD_SECRET_HEADER = 'x-upload-secret';

/** Extensions that are Markdown whatever the browser says (SPEC §5). */
export const MARKDOWN_EXTENSIONS = [
  'md',
  'markdown',
  'mdown',
  'mkd',
  'mdwn',
  'mdtxt',
  'mdtext',
  'rmd',
] as const;

/**
 * The stored type of an uploaded file (SPEC §5): Markdown extensions → text/markdown, else the
 * type the client gave in its normal form (one type, a charset at most), else
 * application/octet-stream. What is stored is served back, so it is never taken as given.
 */
export function fileMimetype(filename: string, given?: string | null): string {
  const dot = filename.lastIndexOf('.');
  const extension = dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
  if ((MARKDOWN_EXTENSIONS as readonly string[]).includes(extension)) return 'text/markdown';
  return normaliseMediaType(given) ?? FALLBACK_MEDIA_TYPE;
}

/**
 * Why a file answers 410 GONE, as `details[0].rule` (field `file`). `source_removed`: a share
 * made from a mount whose object was deleted, moved or replaced there.
 */
export const FILE_GONE_REASONS = ['expired', 'view_limit', 'source_removed'] as const;
export type FileGoneReason = (typeof FILE_GONE_REASONS)[number];

/** How a file is delivered: through this server, or a short-lived redirect to storage/CDN. */
export const FILE_ACCESS_MODES = ['proxy', 'direct'] as const;
export type FileAccessMode = (typeof FILE_ACCESS_MODES)[number];
