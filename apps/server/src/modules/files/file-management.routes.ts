import {
  batchDeleteRequestSchema,
  fileListQuerySchema,
  updateFileRequestSchema,
} from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import type { FileManagementService } from './file-management.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Admin (`/api/admin/files`) and API-key (`/api/user/files`, own files only) management; both
 * list with limit/offset (50, 0) per SPEC §9.
 */
export function registerFileManagementRoutes(
  app: FastifyInstance,
  files: FileManagementService,
): void {
  const areas = [
    { prefix: '/api/admin/files', access: 'admin' as const },
    { prefix: '/api/user/files', access: { permission: 'file' as const } },
  ];
  for (const { prefix, access } of areas) {
    const config = { access };

    app.get(prefix, { config }, async (request, reply) => {
      const q = parseWith(fileListQuerySchema, request.query, 'query');
      return sendData(
        reply,
        await files.list(request.actor, { limit: q.limit, offset: q.offset }, q.search),
      );
    });

    // Before /:id so the static segment wins.
    app.delete(`${prefix}/batch-delete`, { config }, async (request, reply) => {
      const { ids } = parseWith(batchDeleteRequestSchema, request.body, 'body');
      return sendData(reply, await files.batchDelete(request.actor, ids));
    });

    app.get(`${prefix}/:id`, { config }, async (request, reply) => {
      const { id } = parseWith(idParams, request.params, 'path');
      return sendData(reply, await files.get(request.actor, id));
    });

    app.put(`${prefix}/:id`, { config }, async (request, reply) => {
      const { id } = parseWith(idParams, request.params, 'path');
      const body = parseWith(updateFileRequestSchema, request.body, 'body');
      return sendData(reply, await files.update(request.actor, id, body));
    });

    app.delete(`${prefix}/:id`, { config }, async (request, reply) => {
      const { id } = parseWith(idParams, request.params, 'path');
      await files.remove(request.actor, id);
      return sendData(reply, {});
    });
  }
}
