import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { PasteManagementService } from './paste-management.service.js';

/** Edits may carry a full 10 MB paste as escaped JSON; the service enforces 10 MB. */
const UPDATE_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * Admin (`/api/admin/pastes`, paged) and API-key (`/api/user/pastes`, offset; own pastes only)
 * management, sharing one service that scopes by the actor.
 */
export function registerPasteManagementRoutes(
  app: FastifyInstance,
  pastes: PasteManagementService,
): void {
  route(app, endpoints.listAdminPastes, {}, async (request, reply, { query: q }) => {
    const list = await pastes.list(
      request.actor,
      { limit: q.limit, offset: (q.page - 1) * q.limit },
      q.search,
    );
    return sendData(reply, { items: list.items, total: list.total, page: q.page, limit: q.limit });
  });

  route(app, endpoints.listUserPastes, {}, async (request, reply, { query: q }) =>
    sendData(
      reply,
      await pastes.list(request.actor, { limit: q.limit, offset: q.offset }, q.search),
    ),
  );

  const areas = [
    {
      get: endpoints.getAdminPaste,
      update: endpoints.updateAdminPaste,
      remove: endpoints.deleteAdminPaste,
      batchDelete: endpoints.batchDeleteAdminPastes,
    },
    {
      get: endpoints.getUserPaste,
      update: endpoints.updateUserPaste,
      remove: endpoints.deleteUserPaste,
      batchDelete: endpoints.batchDeleteUserPastes,
    },
  ];
  for (const area of areas) {
    route(app, area.get, {}, async (request, reply, { params }) =>
      sendData(reply, await pastes.get(request.actor, params.id)),
    );

    route(
      app,
      area.update,
      { bodyLimit: UPDATE_BODY_LIMIT },
      async (request, reply, { params, body }) =>
        sendData(reply, await pastes.update(request.actor, params.id, body)),
    );

    route(app, area.remove, {}, async (request, reply, { params }) => {
      await pastes.remove(request.actor, params.id);
      return sendData(reply, {});
    });

    route(app, area.batchDelete, {}, async (request, reply, { body }) =>
      sendData(reply, await pastes.batchDelete(request.actor, body.ids)),
    );
  }

  route(app, endpoints.clearExpiredPastes, {}, async (_request, reply) =>
    sendData(reply, await pastes.clearExpired()),
  );
}
