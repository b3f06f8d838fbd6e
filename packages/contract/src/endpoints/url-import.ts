import { z } from 'zod';
import {
  urlCancelledSchema,
  urlCancelRequestSchema,
  urlImportProgressSchema,
  urlImportRequestSchema,
  urlImportStartedSchema,
  urlInfoRequestSchema,
  urlInfoSchema,
  urlMultipartInitRequestSchema,
  urlPresignRequestSchema,
  urlProxyQuerySchema,
} from '../url-import.js';
import { endpoint, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';
import { browserUploadEndpoints, UPLOAD_ERRORS } from './uploads.js';

const tag = 'URL upload';
const remoteErrors = ['UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'PAYLOAD_TOO_LARGE'] as const;

const relayed = browserUploadEndpoints(
  {
    presign: ROUTES.urlPresign,
    commit: ROUTES.urlCommit,
    init: ROUTES.urlMultipartInit,
    complete: ROUTES.urlMultipartComplete,
    abort: ROUTES.urlMultipartAbort,
  },
  {
    tag,
    file: 'a remote file the browser fetches',
    presign: urlPresignRequestSchema,
    init: urlMultipartInitRequestSchema,
  },
);

/**
 * URL upload (SPEC §7 URL upload): the browser-relay flow (info, proxy, then presigned or
 * multipart upload and commit) and the server-side import. Uploading rights are checked by the
 * services (guests only with allow_guest_uploads); the proxy alone is closed to anonymous
 * callers.
 */
export const urlImportEndpoints = {
  urlInfo: endpoint(ROUTES.urlInfo, {
    tag,
    summary: 'What a remote URL holds: its name, type and size',
    body: jsonBody(urlInfoRequestSchema),
    answer: json(urlInfoSchema),
    errors: remoteErrors,
  }),
  urlProxy: endpoint(ROUTES.urlProxy, {
    tag,
    summary: "A remote file's bytes, fetched by this server for the browser",
    query: urlProxyQuerySchema,
    answer: {
      kind: 'content',
      contentTypes: ['application/octet-stream'],
      description: 'The remote body as it arrives',
    },
    errors: remoteErrors,
  }),
  urlPresign: relayed.presign,
  urlCommit: relayed.commit,
  urlMultipartInit: relayed.init,
  urlMultipartComplete: relayed.complete,
  urlMultipartAbort: relayed.abort,
  urlCancel: endpoint(ROUTES.urlCancel, {
    tag,
    summary: 'Cancel a server-side import and discard its file',
    body: jsonBody(urlCancelRequestSchema),
    answer: json(urlCancelledSchema),
    errors: ['NOT_FOUND', 'UPLOAD_SECRET_INVALID', 'CONFLICT'],
  }),
  urlImport: endpoint(ROUTES.urlImport, {
    tag,
    summary: 'Let this server fetch a remote file and store it (runs in the background)',
    body: jsonBody(urlImportRequestSchema),
    answer: json(urlImportStartedSchema, 202),
    errors: [...UPLOAD_ERRORS, 'SERVICE_UNAVAILABLE'],
  }),
  urlImportProgress: endpoint(ROUTES.urlImportProgress, {
    tag,
    summary: "A server-side import's progress",
    params: z.object({ task_id: z.string().min(1).max(64) }),
    answer: json(urlImportProgressSchema),
    errors: ['NOT_FOUND', 'UPLOAD_SECRET_INVALID'],
  }),
};
