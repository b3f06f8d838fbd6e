import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { FsShareService } from './fs-share.service.js';

/** POST /api/fs/share: a file share of an object a mount holds; POST /api/fs/shared: which are. */
export function registerFsShareRoutes(app: FastifyInstance, service: FsShareService): void {
  route(app, endpoints.shareFromMount, {}, async (request, reply, { body }) =>
    sendData(reply, await service.share(request.actor, body), 201),
  );
  route(app, endpoints.sharedPaths, {}, async (request, reply, { body }) =>
    sendData(reply, await service.sharedPaths(request.actor, body)),
  );
}
