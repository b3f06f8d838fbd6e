import { fileDetailSchema } from '../files.js';
import {
  shareFromMountRequestSchema,
  sharedPathsRequestSchema,
  sharedPathsSchema,
} from '../fs-share.js';
import { endpoint, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

/** Sharing what a mount already holds: a file share pointing at the object, never a copy. */
export const fsShareEndpoints = {
  shareFromMount: endpoint(ROUTES.shareFromMount, {
    tag: 'File system',
    summary:
      'Share a file of a mount by a short link (the file page, password, expiry and view ' +
      'limits as for uploads); the share points at the object, nothing is copied. Needs the ' +
      'file permission too. If the object is later deleted, moved or replaced in the mount, ' +
      'the share answers 410 (rule source_removed)',
    body: jsonBody(shareFromMountRequestSchema),
    answer: json(fileDetailSchema, 201),
    errors: ['VALIDATION_FAILED', 'PERMISSION_DENIED', 'PATH_FORBIDDEN', 'NOT_FOUND', 'SLUG_TAKEN'],
  }),
  sharedPaths: endpoint(ROUTES.sharedPaths, {
    tag: 'File system',
    summary:
      'Which of the given files and folders of mounts (1..1000 paths) are shared, to warn ' +
      'before deleting them: for each shared path, as asked, the number of live file shares ' +
      'of that object or of objects beneath that folder (ready, not expired, views left, ' +
      'object not seen removed). Paths with none are left out. Counts only, never which ' +
      'shares; the paths are checked as for reading them (a read-only mount level is enough)',
    body: jsonBody(sharedPathsRequestSchema),
    answer: json(sharedPathsSchema),
    errors: ['VALIDATION_FAILED', 'PATH_FORBIDDEN', 'NOT_FOUND'],
  }),
};
