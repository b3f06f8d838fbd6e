import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { FsCrawl } from './fs-crawl.js';
import type { SearchService } from './search.service.js';

/** `GET /api/fs/search` and the administrator's `POST /api/admin/mounts/{id}/refresh-index`. */
export function registerSearchRoutes(
  app: FastifyInstance,
  deps: { search: SearchService; crawl: Pick<FsCrawl, 'requestForMount'> },
): void {
  route(app, endpoints.fsSearch, {}, async (request, reply, { query }) =>
    sendData(reply, await deps.search.search(request.actor, query)),
  );

  route(app, endpoints.refreshMountIndex, {}, async (_request, reply, { params }) =>
    sendData(reply, await deps.crawl.requestForMount(params.id), 202),
  );
}
