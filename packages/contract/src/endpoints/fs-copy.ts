import {
  batchCopyCommitRequestSchema,
  batchCopyCommitResultSchema,
  batchCopyRequestSchema,
  batchCopyResultSchema,
} from '../fs-copy.js';
import { endpoint, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'File system';

/** Copying in the mount space (SPEC §7 "File system"). */
export const fsCopyEndpoints = {
  batchCopy: endpoint(ROUTES.batchCopy, {
    tag,
    summary:
      'Copy files and folders: within one storage at once; across storages as a task (202 with taskId), or relayed by the client with client_copy',
    body: jsonBody(batchCopyRequestSchema),
    answer: json(batchCopyResultSchema, 202),
    errors: ['PATH_FORBIDDEN', 'READ_ONLY', 'NOT_FOUND'],
  }),
  batchCopyCommit: endpoint(ROUTES.batchCopyCommit, {
    tag,
    summary: "Confirm files a client relayed; each target's size and ETag are read from storage",
    body: jsonBody(batchCopyCommitRequestSchema),
    answer: json(batchCopyCommitResultSchema),
    errors: ['PATH_FORBIDDEN', 'READ_ONLY', 'NOT_FOUND'],
  }),
};
