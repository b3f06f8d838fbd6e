import {
  archiveDownloadQuerySchema,
  archiveLinkSchema,
  createArchiveRequestSchema,
} from '../fs-archive.js';
import { endpoint, idParams, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'File system';

/** Archives: a ZIP of files and folders of mounts, streamed from a short-lived link. */
export const fsArchiveEndpoints = {
  createArchive: endpoint(ROUTES.createArchive, {
    tag,
    summary:
      'A link (valid 1 hour) that streams a ZIP of the given files and folders (1..1000 paths; ' +
      'folders with everything beneath them). A read-only mount level is enough. The link ' +
      "re-checks the caller's rights when it is opened",
    body: jsonBody(createArchiveRequestSchema),
    answer: json(archiveLinkSchema, 201),
    errors: ['VALIDATION_FAILED', 'PATH_FORBIDDEN', 'NOT_FOUND'],
  }),
  downloadArchive: endpoint(ROUTES.downloadArchive, {
    tag,
    summary:
      'The archive of a link, streamed as application/zip (stored entries, ZIP64 when needed; ' +
      'no Content-Length). The token is the credential; the rights of whoever made the link ' +
      'are checked again (a deleted, expired or narrowed API key reads nothing)',
    params: idParams,
    query: archiveDownloadQuerySchema,
    answer: {
      kind: 'content',
      contentTypes: ['application/zip'],
      description: 'The ZIP archive, streamed',
      statuses: [200],
    },
    errors: ['FORBIDDEN', 'PATH_FORBIDDEN', 'PERMISSION_DENIED', 'NOT_FOUND', 'GONE'],
  }),
};
