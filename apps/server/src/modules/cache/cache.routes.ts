import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { CacheService } from './cache.service.js';

/**
 * Cache stats and clearing (SPEC §7). The admin sees and clears every cache; an API key clears
 * those of the areas its permissions open (see cache.policy.ts), and of the listing and search
 * caches only its visible mounts' storages. The body (name, mountId or s3ConfigId) is optional.
 */
export function registerCacheRoutes(app: FastifyInstance, caches: CacheService): void {
  route(app, endpoints.cacheStats, {}, (_request, reply) => sendData(reply, caches.stats()));

  for (const entry of [endpoints.clearAdminCache, endpoints.clearUserCache]) {
    route(app, entry, {}, async (request, reply, { body }) =>
      sendData(reply, await caches.clear(request.actor, body)),
    );
  }
}
