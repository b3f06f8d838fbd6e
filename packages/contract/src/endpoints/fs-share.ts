import { fileDetailSchema } from '../files.js';
import { shareFromMountRequestSchema } from '../fs-share.js';
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
};
