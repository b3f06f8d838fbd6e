import {
  fsFileLinkQuerySchema,
  fsFileLinkSchema,
  fsInfoSchema,
  fsListQuerySchema,
  fsListSchema,
  fsPathQuerySchema,
} from '../fs.js';
import { endpoint, json } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'File system';
/** What every read may answer besides validation: outside the key's reach, or absent. */
const readErrors = ['PATH_FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_FAILED'] as const;

/**
 * The file system's reads (SPEC §7 "File system"): the admin, or an API key with the mount
 * permission (read-only is enough), within its basic path.
 */
export const fsReadEndpoints = {
  fsList: endpoint(ROUTES.fsList, {
    tag,
    summary:
      'One page of a folder: folders first, then files, each in name order; next_cursor while ' +
      'more remain (limit 1..5000, default 1000). `/` and the folders above mount paths are ' +
      'virtual and list mounts',
    query: fsListQuerySchema,
    answer: json(fsListSchema),
    errors: readErrors,
  }),
  fsGet: endpoint(ROUTES.fsGet, {
    tag,
    summary: 'What a path is: a file (size, type, ETag) or a folder (virtual or in a mount)',
    query: fsPathQuerySchema,
    answer: json(fsInfoSchema),
    errors: readErrors,
  }),
  fsDownload: endpoint(ROUTES.fsDownload, {
    tag,
    summary:
      "A file's bytes as an attachment (Range, ETag and If-None-Match honoured; HEAD reads " +
      'nothing)',
    query: fsPathQuerySchema,
    answer: {
      kind: 'content',
      contentTypes: ['application/octet-stream', '*/*'],
      description: "The file's bytes (206 for a range, 304 for a matching If-None-Match, 416)",
      statuses: [200, 206, 304],
    },
    errors: [...readErrors, 'RANGE_NOT_SATISFIABLE'],
  }),
  fsFileLink: endpoint(ROUTES.fsFileLink, {
    tag,
    summary:
      'A link that downloads the file without credentials until it expires (S3: presigned; ' +
      "local disk: signed by this server); expires_in 1..604800 s, default the storage's own",
    query: fsFileLinkQuerySchema,
    answer: json(fsFileLinkSchema),
    errors: readErrors,
  }),
};
