import {
  fsSearchQuerySchema,
  fsSearchResponseSchema,
  refreshIndexResponseSchema,
} from '../search.js';
import { endpoint, idParams, json } from './define.js';
import { ROUTES } from './routes.js';

/**
 * File-system search (SPEC §7 `GET /fs/search`) and the administrator's request to crawl a
 * mount's storage again.
 */
export const searchEndpoints = {
  fsSearch: endpoint(ROUTES.fsSearch, {
    tag: 'File system',
    summary:
      'Names containing the keyword (at least 2 characters, case-insensitive), only where the ' +
      'caller may see: scope global (default), mount (mount_id) or directory (path and ' +
      'beneath). Exact names first, then prefixes, then the rest; folders first on ties. ' +
      'limit 1..200 (50), offset 0..1000000 (0)',
    query: fsSearchQuerySchema,
    answer: json(fsSearchResponseSchema),
    errors: ['PATH_FORBIDDEN', 'NOT_FOUND'],
  }),
  refreshMountIndex: endpoint(ROUTES.refreshMountIndex, {
    tag: 'Mounts',
    summary:
      "Crawl the mount's storage for the search index at the next pass of the crawl job " +
      '(within a minute); 202',
    params: idParams,
    answer: json(refreshIndexResponseSchema, 202),
    errors: ['NOT_FOUND'],
  }),
};
