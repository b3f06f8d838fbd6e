import { z } from 'zod';
import { FILES_LIMIT, FILES_OFFSET } from './constants.js';
import {
  FILE_ACCESS_MODES,
  FILE_EXPIRES_IN_MAX_HOURS,
  FILE_LIST_LIMIT_MAX,
  FILE_PASSWORD_MAX,
  FILE_REMARK_MAX,
  FILENAME_MAX,
  MULTIPART_MAX_PARTS,
} from './file-rules.js';
import { hasControlCharacters } from './media-type.js';
import { PASTE_MAX_VIEWS_LIMIT } from './paste-rules.js';
import { slugSchema } from './pastes.js';
import { strictBody } from './strict-body.js';

/** A form or query number: forms send strings, JSON sends numbers. */
const formInt = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** A form sends an empty string for "not given" (SPEC §5: optional fields only when present). */
const emptyAsAbsent = (value: string) => (value === '' ? undefined : value);

const optionalText = (max: number) =>
  z.string().max(max, `must be at most ${max} characters`).transform(emptyAsAbsent).optional();

/**
 * A client-given media type. A line break or other control character is refused outright (it
 * could split a header); anything else is normalised by fileMimetype before it is stored.
 */
export const mediaTypeField = z
  .string()
  .max(255, 'must be at most 255 characters')
  .refine((value) => !hasControlCharacters(value), {
    message: 'must be one media type, without line breaks or control characters',
  });

const optionalMediaType = mediaTypeField.transform(emptyAsAbsent).optional();

/**
 * The share options every upload mode accepts (SPEC §7 field names). `expires_in` is in hours,
 * 0 or absent for never; `max_views` 0 is unlimited.
 */
export const fileShareOptionsSchema = z.object({
  slug: z.string().transform(emptyAsAbsent).pipe(slugSchema.optional()).optional(),
  remark: optionalText(FILE_REMARK_MAX),
  password: optionalText(FILE_PASSWORD_MAX),
  expires_in: formInt(0, FILE_EXPIRES_IN_MAX_HOURS).optional(),
  max_views: formInt(0, PASTE_MAX_VIEWS_LIMIT).optional(),
  /** Proxy through this server (default) or redirect to storage. */
  access_mode: z.enum(FILE_ACCESS_MODES).optional(),
});
export type FileShareOptions = z.input<typeof fileShareOptionsSchema>;

/** Where an upload goes: which storage, which folder inside it. */
export const fileTargetSchema = z.object({
  s3_config_id: optionalText(64),
  /** A folder inside the storage, e.g. `reports/2026`; normalised by the server. */
  path: optionalText(1024),
});

/**
 * The one rule for a stored file name, on every upload path (form part, presign, multipart
 * init, URL upload and import, rename): 1–255 characters after trimming, no slashes, no NUL or
 * other control characters, not `.` or `..`.
 */
export const filenameSchema = z
  .string()
  .trim()
  .min(1, 'filename is required')
  .max(FILENAME_MAX, `must be at most ${FILENAME_MAX} characters`)
  .refine((name) => !/[\\/\p{Cc}]/u.test(name) && name !== '.' && name !== '..', {
    message: 'must not contain slashes or control characters',
  });

/** Fields of the direct upload form (`POST /api/upload`) besides the `file` part. */
export const directUploadFieldsSchema = strictBody(
  fileShareOptionsSchema.extend(fileTargetSchema.shape).extend({
    mimetype: optionalMediaType,
  }),
);
export type DirectUploadFields = z.input<typeof directUploadFieldsSchema>;

/** `POST /api/s3/presign` body (SPEC §7) plus the share options, so commit can omit them. */
export const presignRequestSchema = strictBody(
  fileShareOptionsSchema.extend(fileTargetSchema.shape).extend({
    filename: filenameSchema,
    mimetype: optionalMediaType,
    size: formInt(0, Number.MAX_SAFE_INTEGER),
  }),
);
export type PresignRequest = z.input<typeof presignRequestSchema>;

/** `POST /api/s3/presign` → data (SPEC §3 "Presign response"). */
export const presignResponseSchema = z.object({
  upload_url: z.string(),
  /** Headers the PUT must carry (they are signed). */
  upload_headers: z.record(z.string(), z.string()),
  file_id: z.string(),
  storage_path: z.string(),
  s3_url: z.string().nullable(),
  slug: z.string(),
  provider_type: z.string(),
  contentType: z.string(),
  expires_at: z.string(),
  /** Present it in the UPLOAD_SECRET_HEADER of the commit; it is shown only here. */
  upload_secret: z.string(),
});
export type PresignResponse = z.infer<typeof presignResponseSchema>;

/**
 * `POST /api/s3/commit` body. Size and ETag are read from storage; the client's values are only
 * compared (a mismatch is refused), never trusted. Share options given here override presign's.
 */
export const commitRequestSchema = strictBody(
  fileShareOptionsSchema.extend({
    file_id: z.string().min(1).max(64),
    s3_config_id: z.string().max(64).optional(),
    storage_path: z.string().max(2048).optional(),
    s3_url: z.string().max(4096).nullable().optional(),
    filename: filenameSchema.optional(),
    mimetype: mediaTypeField.optional(),
    size: z.union([z.string(), z.number()]).optional(),
    etag: z.string().max(200).optional(),
  }),
);
export type CommitRequest = z.input<typeof commitRequestSchema>;

/** `POST /api/upload/multipart/init` body. */
export const multipartInitRequestSchema = strictBody(
  presignRequestSchema.extend({
    /** Bytes per part; defaults to MULTIPART_PART_SIZE. */
    part_size: formInt(1, 5 * 1024 * 1024 * 1024).optional(),
  }),
);
export type MultipartInitRequest = z.input<typeof multipartInitRequestSchema>;

/** One part URL of a multipart upload (SPEC §3 "Multipart init response"). */
export const partTargetSchema = z.object({ partNumber: z.number(), url: z.string() });
export type PartTarget = z.infer<typeof partTargetSchema>;

/** `POST /api/upload/multipart/init` → data. */
export const multipartInitResponseSchema = z.object({
  file_id: z.string(),
  upload_id: z.string(),
  slug: z.string(),
  storage_path: z.string(),
  part_size: z.number(),
  part_count: z.number(),
  presigned_urls: z.array(partTargetSchema),
  /** Headers every part PUT must carry (signed). */
  upload_headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
  /** Present it in the UPLOAD_SECRET_HEADER of every later step; it is shown only here. */
  upload_secret: z.string(),
});
export type MultipartInitResponse = z.infer<typeof multipartInitResponseSchema>;

/** Names one unfinished multipart upload (a query takes it as it is; a body takes it strict). */
export const multipartRefSchema = z.object({
  file_id: z.string().min(1).max(64),
  upload_id: z.string().min(1).max(1024),
});

/** `POST /api/upload/multipart/abort` body. */
export const multipartAbortRequestSchema = strictBody(multipartRefSchema);

/** `POST /api/upload/multipart/part` query: the body is the raw part. */
export const multipartPartQuerySchema = multipartRefSchema.extend({
  partNumber: formInt(1, MULTIPART_MAX_PARTS),
  isLastPart: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});

/** A part storage holds. */
export const uploadedPartSchema = z.object({
  partNumber: z.number(),
  etag: z.string(),
  size: z.number(),
});
export type UploadedPart = z.infer<typeof uploadedPartSchema>;

/** `GET /api/upload/multipart/parts` → data: what is stored, plus fresh URLs for every part. */
export const multipartStateSchema = multipartInitResponseSchema
  .omit({ upload_secret: true })
  .extend({
    parts: z.array(uploadedPartSchema),
  });
export type MultipartState = z.infer<typeof multipartStateSchema>;

/** `POST /api/upload/multipart/complete` body. */
export const multipartCompleteRequestSchema = strictBody(
  multipartRefSchema.extend({
    parts: z
      .array(
        strictBody(
          z.object({
            partNumber: formInt(1, MULTIPART_MAX_PARTS),
            etag: z.string().min(1).max(200),
          }),
        ),
      )
      .min(1, 'give at least one part')
      .max(MULTIPART_MAX_PARTS),
  }),
);

/** What the owner and the administrator see of a file. */
export const fileDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  filename: z.string(),
  size: z.number(),
  mimetype: z.string(),
  remark: z.string().nullable(),
  has_password: z.boolean(),
  expires_at: z.string().nullable(),
  max_views: z.number(),
  views: z.number(),
  access_mode: z.enum(FILE_ACCESS_MODES),
  s3_config_id: z.string(),
  storage_config_name: z.string().nullable(),
  storage_path: z.string(),
  etag: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The share page, /file/{slug}. */
  url: z.string(),
});
export type FileDetail = z.infer<typeof fileDetailSchema>;

/** Every upload mode → data once the file is shared. */
export const fileUploadedSchema = fileDetailSchema;
export type FileUploaded = FileDetail;

/** `GET /api/public/files/{slug}` → data for an open file (or after verify). */
export const publicFileSchema = z.object({
  slug: z.string(),
  filename: z.string(),
  size: z.number(),
  mimetype: z.string(),
  remark: z.string().nullable(),
  has_password: z.boolean(),
  password_required: z.literal(false),
  expires_at: z.string().nullable(),
  max_views: z.number(),
  views: z.number(),
  /** Content reads left; null when unlimited. */
  remaining_views: z.number().nullable(),
  created_at: z.string(),
  /** Inline view and download links (carry the access token for protected files). */
  preview_url: z.string(),
  download_url: z.string(),
  /** The id for /api/{admin|user}/files/{id} when the viewer may manage the file, else null. */
  manage_id: z.string().nullable(),
});
export type PublicFile = z.infer<typeof publicFileSchema>;

/** `GET /api/public/files/{slug}` → data for a password file: only what the prompt needs. */
export const filePromptSchema = z.object({
  slug: z.string(),
  has_password: z.literal(true),
  password_required: z.literal(true),
});
export type FilePrompt = z.infer<typeof filePromptSchema>;

/** `POST /api/public/files/{slug}/verify` body. */
export const verifyFileRequestSchema = strictBody(
  z.object({ password: z.string().min(1).max(FILE_PASSWORD_MAX) }),
);

/** `POST /api/public/files/{slug}/verify` → data: the file plus a token bound to it. */
export const fileUnlockedSchema = publicFileSchema.extend({
  access_token: z.string(),
  access_token_expires_at: z.string(),
});
export type FileUnlocked = z.infer<typeof fileUnlockedSchema>;

/** `GET /api/office-preview/{slug}` → data. */
export const officePreviewSchema = z.object({ url: z.string(), expires_at: z.string() });

/** `GET /api/{admin|user}/files` query (SPEC §9: limit 50, offset 0). */
export const fileListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FILE_LIST_LIMIT_MAX).default(FILES_LIMIT),
  offset: z.coerce.number().int().min(0).default(FILES_OFFSET),
  search: z.string().trim().min(2, 'search needs at least 2 characters').max(100).optional(),
});

export const fileListSchema = z.object({
  items: z.array(fileDetailSchema),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type FileList = z.infer<typeof fileListSchema>;

/** `PUT /api/{admin|user}/files/{id}` body; `password: null` clears it, `expires_in: 0` never. */
export const updateFileRequestSchema = strictBody(
  z
    .object({
      slug: slugSchema,
      remark: z.string().max(FILE_REMARK_MAX).nullable(),
      password: z.string().min(1).max(FILE_PASSWORD_MAX).nullable(),
      expires_in: z.number().int().min(0).max(FILE_EXPIRES_IN_MAX_HOURS),
      max_views: z.number().int().min(0).max(PASTE_MAX_VIEWS_LIMIT),
      access_mode: z.enum(FILE_ACCESS_MODES),
      filename: filenameSchema,
    })
    .partial(),
);
export type UpdateFileRequest = z.infer<typeof updateFileRequestSchema>;

/**
 * `data` of a 507 INSUFFICIENT_STORAGE answer (SPEC §8): the numbers the message shows, in
 * bytes, so the web words them in the reader's language.
 */
export const insufficientStorageSchema = z.object({
  file_size: z.number(),
  remaining: z.number(),
  total_capacity: z.number(),
});
export type InsufficientStorage = z.infer<typeof insufficientStorageSchema>;
