import { z } from 'zod';
import { ALL_ERROR_CODES, type ErrorCode } from './errors.js';
import {
  commitRequestSchema,
  fileDetailSchema,
  mediaTypeField,
  fileShareOptionsSchema,
  fileTargetSchema,
  multipartAbortRequestSchema,
  multipartCompleteRequestSchema,
  multipartInitRequestSchema,
  multipartInitResponseSchema,
  presignRequestSchema,
  presignResponseSchema,
} from './files.js';
import { FILENAME_MAX } from './file-rules.js';
import { strictBody } from './strict-body.js';

/** The longest remote URL accepted. */
export const URL_IMPORT_URL_MAX = 4096;
/** Server-side imports one instance runs at once; more answer 429. */
export const URL_IMPORT_MAX_RUNNING = 4;

/** A remote http(s) URL. Private and local targets are refused by the server when it fetches. */
export const remoteUrlSchema = z
  .string()
  .trim()
  .min(1, 'url is required')
  .max(URL_IMPORT_URL_MAX, `must be at most ${URL_IMPORT_URL_MAX} characters`)
  .pipe(z.url({ protocol: /^https?$/, message: 'give an http or https URL' }));

/** `POST /api/url/info` body. */
export const urlInfoRequestSchema = strictBody(z.object({ url: remoteUrlSchema }));
export type UrlInfoRequest = z.input<typeof urlInfoRequestSchema>;

/** `POST /api/url/info` → data: what the remote server says about the file. */
export const urlInfoSchema = z.object({
  /** The final URL after redirects. */
  url: z.string(),
  /** Content-Disposition's name, else the URL's last path segment, else `download`. */
  filename: z.string(),
  /** Bytes, when the remote server tells. */
  size: z.number().nullable(),
  /** The type the file will be stored with (SPEC §5 file type rule). */
  mimetype: z.string(),
  /** The remote server answers byte ranges. */
  supports_range: z.boolean(),
});
export type UrlInfo = z.infer<typeof urlInfoSchema>;

/** `GET /api/url/proxy` query. */
export const urlProxyQuerySchema = z.object({ url: remoteUrlSchema });

/**
 * What the web learnt from url/info, sent along with the presign (SPEC §7 `metadata`). Not
 * strict: it only fills top-level fields, and a client may pass url/info's answer as it is.
 */
export const urlMetadataSchema = z.object({
  filename: z.string().max(FILENAME_MAX).optional(),
  mimetype: mediaTypeField.optional(),
  contentType: mediaTypeField.optional(),
  size: z.number().int().min(0).nullable().optional(),
});

/**
 * Fills the upload fields a URL upload may give in other places: `metadata` (SPEC §7 url/presign)
 * for filename, type and size, and `total_size` (SPEC §7 url/multipart/init) for size. Fields
 * given at the top level win.
 */
function withUrlUploadAliases(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = { ...(value as Record<string, unknown>) };
  const parsed = urlMetadataSchema.safeParse(body.metadata);
  const metadata = parsed.success ? parsed.data : {};
  body.filename ??= metadata.filename;
  body.mimetype ??= metadata.mimetype ?? metadata.contentType;
  body.size ??= body.total_size ?? metadata.size ?? undefined;
  return body;
}

/** SPEC §7 url/multipart/init name of `size`; presign takes it too (the same aliases apply). */
const totalSizeSchema = z.number().int().min(0).optional();

const urlPresignBodySchema = strictBody(
  presignRequestSchema.extend({
    url: remoteUrlSchema,
    metadata: urlMetadataSchema.optional(),
    total_size: totalSizeSchema,
  }),
);
/** `POST /api/url/presign` body: the presign fields plus the source URL. */
export const urlPresignRequestSchema = z.preprocess(withUrlUploadAliases, urlPresignBodySchema);
export type UrlPresignRequest = z.input<typeof urlPresignBodySchema>;
/** `POST /api/url/presign` → data. */
export const urlPresignResponseSchema = presignResponseSchema;

/** `POST /api/url/commit` body: as s3/commit. */
export const urlCommitRequestSchema = commitRequestSchema;

const urlMultipartInitBodySchema = strictBody(
  multipartInitRequestSchema.extend({
    url: remoteUrlSchema,
    metadata: urlMetadataSchema.optional(),
    total_size: totalSizeSchema,
    /** Accepted for SPEC §7; the server counts the parts itself and answers `part_count`. */
    part_count: z.number().int().min(1).optional(),
  }),
);
/** `POST /api/url/multipart/init` body: the multipart init fields plus the source URL. */
export const urlMultipartInitRequestSchema = z.preprocess(
  withUrlUploadAliases,
  urlMultipartInitBodySchema,
);
export type UrlMultipartInitRequest = z.input<typeof urlMultipartInitBodySchema>;
/** `POST /api/url/multipart/init` → data. */
export const urlMultipartInitResponseSchema = multipartInitResponseSchema;
/** `POST /api/url/multipart/complete` body. */
export const urlMultipartCompleteRequestSchema = multipartCompleteRequestSchema;
/** `POST /api/url/multipart/abort` body. */
export const urlMultipartAbortRequestSchema = multipartAbortRequestSchema;

/** `POST /api/url/cancel` body. */
export const urlCancelRequestSchema = strictBody(z.object({ file_id: z.string().min(1).max(64) }));
/** `POST /api/url/cancel` → data. */
export const urlCancelledSchema = z.object({ cancelled: z.literal(true) });

/** `POST /api/url/import` body: this server fetches the URL and stores it (for URLs without CORS). */
export const urlImportRequestSchema = strictBody(
  fileShareOptionsSchema.extend(fileTargetSchema.shape).extend({
    url: remoteUrlSchema,
    /** The stored name; else the remote's Content-Disposition, else the URL's last segment. */
    filename: presignRequestSchema.shape.filename.optional(),
    /** The stored type; else the remote's Content-Type (SPEC §5 file type rule). */
    mimetype: mediaTypeField.optional(),
  }),
);
export type UrlImportRequest = z.input<typeof urlImportRequestSchema>;

/** `POST /api/url/import` → 202 data. */
export const urlImportStartedSchema = z.object({
  task_id: z.string(),
  file_id: z.string(),
  /** The UPLOAD_SECRET_HEADER its progress reads and a url/cancel of this import present. */
  upload_secret: z.string(),
});
export type UrlImportStarted = z.infer<typeof urlImportStartedSchema>;

export const URL_IMPORT_STATES = ['running', 'completed', 'failed', 'cancelled'] as const;
export type UrlImportState = (typeof URL_IMPORT_STATES)[number];

/**
 * `GET /api/url/import/{task_id}` → data: the progress of a server-side import. A guest sends
 * the start's `upload_secret` in UPLOAD_SECRET_HEADER (403 UPLOAD_SECRET_INVALID otherwise).
 */
export const urlImportProgressSchema = z.object({
  state: z.enum(URL_IMPORT_STATES),
  /** Bytes received from the remote server so far. */
  loaded: z.number(),
  /** Bytes announced by the remote server, when it did. */
  total: z.number().nullable(),
  /** The shared file, once completed. */
  file: fileDetailSchema.optional(),
  /** Why it failed. */
  error: z
    .object({
      code: z.enum(ALL_ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
    })
    .optional(),
});
export type UrlImportProgress = z.infer<typeof urlImportProgressSchema>;
