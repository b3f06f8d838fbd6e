import { z } from 'zod';
import {
  fsBatchRemovedSchema,
  fsBatchRemoveRequestSchema,
  fsFetchRequestSchema,
  fsFetchStartedSchema,
  fsMkdirRequestSchema,
  fsMultipartAbortRequestSchema,
  fsMultipartCompleteRequestSchema,
  fsMultipartInitRequestSchema,
  fsMultipartInitSchema,
  fsMultipartRefSchema,
  fsMultipartStateSchema,
  fsPresignCommitRequestSchema,
  fsPresignedSchema,
  fsPresignRequestSchema,
  fsRenamedSchema,
  fsRenameRequestSchema,
  fsUpdateRequestSchema,
  fsUploadFieldsSchema,
  fsWrittenSchema,
  uploadTaskCreatedSchema,
  uploadTaskItemParams,
  uploadTaskReportSchema,
  uploadTaskRequestSchema,
} from '../fs-write.js';
import { taskSchema } from '../tasks.js';
import { endpoint, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'File system';
/** What every write may be refused for: reach, level, target state, size, storage. */
const WRITE_ERRORS = [
  'PATH_FORBIDDEN',
  'READ_ONLY',
  'FORBIDDEN',
  'NOT_FOUND',
  'UPSTREAM_FAILED',
] as const;
const SIZE_ERRORS = ['PAYLOAD_TOO_LARGE', 'INSUFFICIENT_STORAGE'] as const;

/**
 * The file-system writes (SPEC §7): folders, uploads through this server or straight to
 * storage, text edits, rename and remove. Every path is checked against the caller's reach
 * and the mount's read-only flag; every write is announced to the listing cache and the index.
 */
export const fsWriteEndpoints = {
  fsMkdir: endpoint(ROUTES.fsMkdir, {
    tag,
    summary: 'Create a folder (and its parents)',
    body: jsonBody(fsMkdirRequestSchema),
    answer: json(fsWrittenSchema, 201),
    errors: [...WRITE_ERRORS, 'ALREADY_EXISTS', 'CONFLICT'],
  }),
  fsUpload: endpoint(ROUTES.fsUpload, {
    tag,
    summary: 'Upload a file into a folder through this server (multipart/form-data)',
    body: {
      kind: 'stream',
      contentType: 'multipart/form-data',
      description:
        'The `file` part and the `path` field, in any order (a file sent before `path` is ' +
        'held in a temporary file on this server until the form ends)',
      fields: fsUploadFieldsSchema,
    },
    answer: json(fsWrittenSchema, 201),
    errors: [
      ...WRITE_ERRORS,
      ...SIZE_ERRORS,
      'VALIDATION_FAILED',
      'MALFORMED_BODY',
      'UNSUPPORTED_MEDIA_TYPE',
      'CONFLICT',
    ],
  }),
  fsUpdate: endpoint(ROUTES.fsUpdate, {
    tag,
    summary: 'Create or replace a text file (at most 10 MB)',
    body: jsonBody(fsUpdateRequestSchema),
    answer: json(fsWrittenSchema),
    errors: [...WRITE_ERRORS, ...SIZE_ERRORS, 'CONFLICT'],
  }),
  fsRename: endpoint(ROUTES.fsRename, {
    tag,
    summary: 'Rename or move a file or a folder (with everything beneath)',
    body: jsonBody(fsRenameRequestSchema),
    answer: json(fsRenamedSchema),
    errors: [...WRITE_ERRORS, ...SIZE_ERRORS, 'ALREADY_EXISTS', 'CONFLICT'],
  }),
  fsBatchRemove: endpoint(ROUTES.fsBatchRemove, {
    tag,
    summary: 'Remove files and folders (recursively); answers per path',
    body: jsonBody(fsBatchRemoveRequestSchema),
    answer: json(fsBatchRemovedSchema),
    errors: ['READ_ONLY'],
  }),
  fsFetch: endpoint(ROUTES.fsFetch, {
    tag,
    summary: 'Download URLs into a folder on this server (a download task)',
    body: jsonBody(fsFetchRequestSchema),
    answer: json(fsFetchStartedSchema, 202),
    errors: [...WRITE_ERRORS, 'ALREADY_EXISTS', 'CONFLICT'],
  }),
  createUploadTask: endpoint(ROUTES.createUploadTask, {
    tag,
    summary: 'Record the files a client is about to upload as an upload task it drives',
    body: jsonBody(uploadTaskRequestSchema),
    answer: json(uploadTaskCreatedSchema, 201),
    errors: [...WRITE_ERRORS, ...SIZE_ERRORS],
  }),
  reportUploadTaskItem: endpoint(ROUTES.reportUploadTaskItem, {
    tag,
    summary: 'Report one file of an upload task (completed: checked against storage)',
    params: uploadTaskItemParams,
    body: jsonBody(uploadTaskReportSchema),
    answer: json(taskSchema),
    errors: ['NOT_FOUND', 'CONFLICT', 'UPSTREAM_FAILED'],
  }),
  fsPresign: endpoint(ROUTES.fsPresign, {
    tag,
    summary: 'A URL to PUT a file straight to storage; then commit',
    body: jsonBody(fsPresignRequestSchema),
    answer: json(fsPresignedSchema),
    errors: [...WRITE_ERRORS, ...SIZE_ERRORS],
  }),
  fsPresignCommit: endpoint(ROUTES.fsPresignCommit, {
    tag,
    summary: 'Confirm a presigned upload once storage holds it',
    body: jsonBody(fsPresignCommitRequestSchema),
    answer: json(fsWrittenSchema),
    errors: [...WRITE_ERRORS, ...SIZE_ERRORS],
  }),
  fsMultipartInit: endpoint(ROUTES.fsMultipartInit, {
    tag,
    summary: 'Start a multipart upload straight to storage: URLs for every part',
    body: jsonBody(fsMultipartInitRequestSchema),
    answer: json(fsMultipartInitSchema),
    errors: [...WRITE_ERRORS, ...SIZE_ERRORS],
  }),
  fsMultipartComplete: endpoint(ROUTES.fsMultipartComplete, {
    tag,
    summary: 'Finish a multipart upload',
    body: jsonBody(fsMultipartCompleteRequestSchema),
    answer: json(fsWrittenSchema),
    errors: [...WRITE_ERRORS, ...SIZE_ERRORS],
  }),
  fsMultipartParts: endpoint(ROUTES.fsMultipartParts, {
    tag,
    summary:
      'Resume a multipart upload: the parts storage holds so far and fresh URLs for every part ' +
      '(the upload id is bound to its path, storage and caller)',
    body: jsonBody(fsMultipartRefSchema),
    answer: json(fsMultipartStateSchema),
    errors: WRITE_ERRORS,
  }),
  fsMultipartAbort: endpoint(ROUTES.fsMultipartAbort, {
    tag,
    summary: 'Abandon a multipart upload',
    body: jsonBody(fsMultipartAbortRequestSchema),
    answer: json(z.object({ aborted: z.literal(true) })),
    errors: WRITE_ERRORS,
  }),
};
