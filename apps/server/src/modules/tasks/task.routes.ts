import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { TaskService } from './task.service.js';

/** Tasks (SPEC §3/§4): the admin, or an API key with mount permission for its own tasks. */
export function registerTaskRoutes(app: FastifyInstance, tasks: TaskService): void {
  route(app, endpoints.listTasks, {}, async (request, reply, { query }) =>
    sendData(reply, await tasks.list(request.actor, query)),
  );

  route(app, endpoints.getTask, {}, async (request, reply, { params, query }) =>
    sendData(reply, await tasks.get(request.actor, params.id, query)),
  );

  route(app, endpoints.cancelTask, {}, async (request, reply, { params }) =>
    sendData(reply, await tasks.cancel(request.actor, params.id)),
  );

  route(app, endpoints.retryTask, {}, async (request, reply, { params }) =>
    sendData(reply, await tasks.retry(request.actor, params.id)),
  );

  route(app, endpoints.clearTasks, {}, async (request, reply, { query }) =>
    sendData(reply, await tasks.clear(request.actor, query.status)),
  );
}
