import {
  adminPasteListQuerySchema,
  batchDeleteRequestSchema,
  updatePasteRequestSchema,
  userPasteListQuerySchema,
} from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import type { PasteManagementService } from './paste-management.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
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
  const areas = [
    { prefix: '/api/admin/pastes', access: 'admin' as const },
    { prefix: '/api/user/pastes', access: { permission: 'text' as const } },
  ];

  app.get('/api/admin/pastes', { config: { access: 'admin' } }, async (request, reply) => {
    const q = parseWith(adminPasteListQuerySchema, request.query, 'query');
    const list = await pastes.list(
      request.actor,
      { limit: q.limit, offset: (q.page - 1) * q.limit },
      q.search,
    );
    return sendData(reply, { items: list.items, total: list.total, page: q.page, limit: q.limit });
  });

  app.get(
    '/api/user/pastes',
    { config: { access: { permission: 'text' } } },
    async (request, reply) => {
      const q = parseWith(userPasteListQuerySchema, request.query, 'query');
      return sendData(
        reply,
        await pastes.list(request.actor, { limit: q.limit, offset: q.offset }, q.search),
      );
    },
  );

  for (const { prefix, access } of areas) {
    const config = { access };

    app.get(`${prefix}/:id`, { config }, async (request, reply) => {
      const { id } = parseWith(idParams, request.params, 'path');
      return sendData(reply, await pastes.get(request.actor, id));
    });

    app.put(`${prefix}/:id`, { config, bodyLimit: UPDATE_BODY_LIMIT }, async (request, reply) => {
      const { id } = parseWith(idParams, request.params, 'path');
      const body = parseWith(updatePasteRequestSchema, request.body, 'body');
      return sendData(reply, await pastes.update(request.actor, id, body));
    });

    app.delete(`${prefix}/:id`, { config }, async (request, reply) => {
      const { id } = parseWith(idParams, request.params, 'path');
      await pastes.remove(request.actor, id);
      return sendData(reply, {});
    });

    app.post(`${prefix}/batch-delete`, { config }, async (request, reply) => {
      const { ids } = parseWith(batchDeleteRequestSchema, request.body, 'body');
      return sendData(reply, await pastes.batchDelete(request.actor, ids));
    });
  }

  app.post(
    '/api/admin/pastes/clear-expired',
    { config: { access: 'admin' } },
    async (_request, reply) => sendData(reply, await pastes.clearExpired()),
  );
}
