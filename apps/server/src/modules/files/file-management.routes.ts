import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { FileManagementService } from './file-management.service.js';

/**
 * Admin (`/api/admin/files`) and API-key (`/api/user/files`, own files only) management; both
 * list with limit/offset (50, 0) per SPEC §9.
 */
export function registerFileManagementRoutes(
  app: FastifyInstance,
  files: FileManagementService,
): void {
  const areas = [
    {
      list: endpoints.listAdminFiles,
      batchDelete: endpoints.batchDeleteAdminFiles,
      get: endpoints.getAdminFile,
      update: endpoints.updateAdminFile,
      remove: endpoints.deleteAdminFile,
    },
    {
      list: endpoints.listUserFiles,
      batchDelete: endpoints.batchDeleteUserFiles,
      get: endpoints.getUserFile,
      update: endpoints.updateUserFile,
      remove: endpoints.deleteUserFile,
    },
  ];
  for (const area of areas) {
    route(app, area.list, {}, async (request, reply, { query: q }) =>
      sendData(
        reply,
        await files.list(request.actor, { limit: q.limit, offset: q.offset }, q.search),
      ),
    );

    route(app, area.batchDelete, {}, async (request, reply, { body }) =>
      sendData(reply, await files.batchDelete(request.actor, body.ids)),
    );

    route(app, area.get, {}, async (request, reply, { params }) =>
      sendData(reply, await files.get(request.actor, params.id)),
    );

    route(app, area.update, {}, async (request, reply, { params, body }) =>
      sendData(reply, await files.update(request.actor, params.id, body)),
    );

    route(app, area.remove, {}, async (request, reply, { params }) => {
      await files.remove(request.actor, params.id);
      return sendData(reply, {});
    });
  }
}
