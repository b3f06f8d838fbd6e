import {
  cacheStatsListSchema,
  clearCacheRequestSchema,
  clearCacheResponseSchema,
} from '../dashboard.js';
import { endpoint, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'Cache';
const clear = {
  tag,
  body: jsonBody(clearCacheRequestSchema, { optional: true }),
  answer: json(clearCacheResponseSchema),
  errors: ['NOT_FOUND', 'PERMISSION_DENIED'],
} as const;

/**
 * Cache stats and clearing (SPEC §7). The admin sees and clears every cache; an API key clears
 * those of the areas its permissions open. The body (`name`, `mountId` or `s3ConfigId`) is
 * optional: no name, all; a scope narrows the per-storage caches to one storage.
 */
export const cacheEndpoints = {
  cacheStats: endpoint(ROUTES.cacheStats, {
    tag,
    summary: 'Size and hit rate of each cache',
    answer: json(cacheStatsListSchema),
    errors: [],
  }),
  clearAdminCache: endpoint(ROUTES.clearAdminCache, {
    ...clear,
    summary:
      'Clear caches: all, one by `name`, or only the listing and search entries of one ' +
      "storage (`mountId`: that mount's storage; `s3ConfigId`: that storage config; not both)",
  }),
  clearUserCache: endpoint(ROUTES.clearUserCache, {
    ...clear,
    summary:
      "Clear the caches of the API key's areas; listing and search entries only of the " +
      'storages of its visible mounts (`mountId`: one of them; `s3ConfigId` is refused)',
  }),
};
