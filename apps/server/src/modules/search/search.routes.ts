import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { FsCrawl } from './fs-crawl.js';
import type { SearchService } from './search.service.js';

/** `GET /api/fs/search` and the administrator's `POST /api/admin/mounts/{id}/refresh-index`. */
export function registerSearchRoutes(
  app: FastifyInstance,
  deps: { search: SearchService; crawl: Pick<FsCrawl, 'requestForMount'>; clock: Clock },
): void {
  route(app, endpoints.fsSearch, {}, async (request, reply, { query }) =>
    sendData(reply, await deps.search.search(request.actor, query)),
  );

  route(app, endpoints.refreshMountIndex, {}, async (_request, reply, { params }) => {
    const requestedAt = deps.clock.now().toISOString();
    const { storage_config_id } = await deps.crawl.requestForMount(params.id, requestedAt);
    return sendData(reply, { storage_config_id, requested_at: requestedAt }, 202);
  });
}
