import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { MountService } from './mount.service.js';

/** Mount points (SPEC §7 Mounts): the admin's CRUD, and the mounts an API key may use. */
export function registerMountRoutes(app: FastifyInstance, mounts: MountService): void {
  route(app, endpoints.listMounts, {}, async (_request, reply) =>
    sendData(reply, await mounts.list()),
  );

  route(app, endpoints.createMount, {}, async (request, reply, { body }) =>
    sendData(reply, await mounts.create(body, request.actor), 201),
  );

  route(app, endpoints.getMount, {}, async (_request, reply, { params }) =>
    sendData(reply, await mounts.get(params.id)),
  );

  route(app, endpoints.updateMount, {}, async (_request, reply, { params, body }) =>
    sendData(reply, await mounts.update(params.id, body)),
  );

  route(app, endpoints.deleteMount, {}, async (_request, reply, { params }) => {
    await mounts.remove(params.id);
    return sendData(reply, {});
  });

  route(app, endpoints.listUserMounts, {}, async (request, reply) =>
    sendData(reply, await mounts.listVisible(request.actor)),
  );

  route(app, endpoints.getUserMount, {}, async (request, reply, { params }) =>
    sendData(reply, await mounts.getVisible(params.id, request.actor)),
  );
}
