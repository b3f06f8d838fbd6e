import { z } from 'zod';
import {
  commitRequestSchema,
  directUploadFieldsSchema,
  fileUploadedSchema,
  multipartAbortRequestSchema,
  multipartCompleteRequestSchema,
  multipartInitRequestSchema,
  multipartInitResponseSchema,
  multipartPartQuerySchema,
  multipartRefSchema,
  multipartStateSchema,
  presignRequestSchema,
  presignResponseSchema,
} from '../files.js';
import { uploadStorageConfigSchema } from '../storage-configs.js';
import { endpoint, json, jsonBody } from './define.js';
import { ROUTES, type RouteInfo } from './routes.js';

const tag = 'Uploads';
/** What every upload may be refused for (SPEC §8): rights, size, quota, storage. */
export const UPLOAD_ERRORS = [
  'PERMISSION_DENIED',
  'PATH_FORBIDDEN',
  'SLUG_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'INSUFFICIENT_STORAGE',
  'UPSTREAM_FAILED',
] as const;
/** A later step of a pending upload: it must present its init's `X-Upload-Secret`. */
const stepErrors = ['NOT_FOUND', 'UPLOAD_SECRET_INVALID', 'UPSTREAM_FAILED'] as const;

type BrowserUploadRoutes = Record<'presign' | 'commit' | 'init' | 'complete' | 'abort', RouteInfo>;

/**
 * The browser's two ways to store a file (presigned PUT then commit; multipart init, parts,
 * complete or abort), the same for a file it has and one it relays from a URL: only the
 * routes, the start bodies and the wording differ.
 */
export function browserUploadEndpoints<
  const R extends BrowserUploadRoutes,
  P extends z.ZodType,
  I extends z.ZodType,
>(routes: R, what: { tag: string; file: string; presign: P; init: I }) {
  const { tag, file } = what;
  return {
    presign: endpoint(routes.presign, {
      tag,
      summary: `Start a presigned upload of ${file}: a URL to PUT it to, then commit`,
      body: jsonBody(what.presign),
      answer: json(presignResponseSchema),
      errors: UPLOAD_ERRORS,
    }),
    commit: endpoint(routes.commit, {
      tag,
      summary: `Finish a presigned upload of ${file} once it is stored`,
      body: jsonBody(commitRequestSchema),
      answer: json(fileUploadedSchema),
      errors: [...stepErrors, 'INSUFFICIENT_STORAGE'],
    }),
    init: endpoint(routes.init, {
      tag,
      summary: `Start a multipart upload of ${file}: URLs for every part`,
      body: jsonBody(what.init),
      answer: json(multipartInitResponseSchema),
      errors: UPLOAD_ERRORS,
    }),
    complete: endpoint(routes.complete, {
      tag,
      summary: `Finish a multipart upload of ${file}`,
      body: jsonBody(multipartCompleteRequestSchema),
      answer: json(fileUploadedSchema),
      errors: [...stepErrors, 'INSUFFICIENT_STORAGE'],
    }),
    abort: endpoint(routes.abort, {
      tag,
      summary: `Abandon a multipart upload of ${file}`,
      body: jsonBody(multipartAbortRequestSchema),
      answer: json(z.object({ aborted: z.literal(true) })),
      errors: stepErrors,
    }),
  };
}

const browser = browserUploadEndpoints(
  {
    presign: ROUTES.presignUpload,
    commit: ROUTES.commitUpload,
    init: ROUTES.initMultipart,
    complete: ROUTES.completeMultipart,
    abort: ROUTES.abortMultipart,
  },
  { tag, file: 'a file', presign: presignRequestSchema, init: multipartInitRequestSchema },
);

/**
 * Every upload mode (SPEC §7 Files): direct form, presigned PUT + commit, and multipart. Every
 * step after an init presents the init's secret in `X-Upload-Secret`.
 */
export const uploadEndpoints = {
  uploadForm: endpoint(ROUTES.uploadForm, {
    tag,
    summary: 'Upload a file through this server (multipart/form-data: its fields, then file)',
    body: {
      kind: 'stream',
      contentType: 'multipart/form-data',
      description: 'The share options as fields, then the file',
      fields: directUploadFieldsSchema,
    },
    answer: json(fileUploadedSchema, 201),
    errors: [...UPLOAD_ERRORS, 'VALIDATION_FAILED', 'MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  presignUpload: browser.presign,
  commitUpload: browser.commit,
  initMultipart: browser.init,
  uploadPart: endpoint(ROUTES.uploadPart, {
    tag,
    summary: 'Send one part through this server (when storage cannot take it from the browser)',
    query: multipartPartQuerySchema,
    body: {
      kind: 'stream',
      contentType: 'application/octet-stream',
      description: "The part's bytes",
    },
    answer: json(z.object({ partNumber: z.number(), etag: z.string() })),
    errors: [...stepErrors, 'PAYLOAD_TOO_LARGE'],
  }),
  multipartParts: endpoint(ROUTES.multipartParts, {
    tag,
    summary: 'The parts stored so far and fresh URLs for every part (to resume)',
    query: multipartRefSchema,
    answer: json(multipartStateSchema),
    errors: stepErrors,
  }),
  completeMultipart: browser.complete,
  abortMultipart: browser.abort,
  uploadStorageConfigs: endpoint(ROUTES.uploadStorageConfigs, {
    tag,
    summary: 'The storages the caller may upload to',
    answer: json(z.array(uploadStorageConfigSchema)),
    errors: ['PERMISSION_DENIED'],
  }),
};
