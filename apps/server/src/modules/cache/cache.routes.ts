import { clearCacheRequestSchema } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import type { CacheService } from './cache.service.js';

/**
 * Cache stats and clearing (SPEC §7). The admin sees and clears every cache; an API key clears
 * those of the areas its permissions open (see cache.policy.ts). The body is optional.
 */
export function registerCacheRoutes(app: FastifyInstance, caches: CacheService): void {
  app.get('/api/admin/cache/stats', { config: { access: 'admin' } }, (_request, reply) =>
    sendData(reply, caches.stats()),
  );

  for (const { url, access } of [
    { url: '/api/admin/cache/clear', access: 'admin' as const },
    { url: '/api/user/cache/clear', access: 'authenticated' as const },
  ]) {
    app.post(url, { config: { access } }, async (request, reply) => {
      const body = parseWith(clearCacheRequestSchema, request.body ?? {}, 'body');
      return sendData(reply, await caches.clear(request.actor, body.name));
    });
  }
}
