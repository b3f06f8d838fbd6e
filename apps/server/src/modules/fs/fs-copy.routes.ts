import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { FsCopyService } from './fs-copy.service.js';

/** Copying in the mount space: batch copy (202: done, or queued as a task) and the relay's commit. */
export function registerFsCopyRoutes(app: FastifyInstance, copies: FsCopyService): void {
  route(app, endpoints.batchCopy, {}, async (request, reply, { body }) =>
    sendData(reply, await copies.batchCopy(request.actor, body), 202),
  );

  route(app, endpoints.batchCopyCommit, {}, async (request, reply, { body }) =>
    sendData(reply, await copies.commit(request.actor, body)),
  );
}
