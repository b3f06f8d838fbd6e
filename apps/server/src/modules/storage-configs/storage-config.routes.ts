import { endpoints } from '@pasteport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { StorageConfigService } from './storage-config.service.js';

/**
 * This app's origin as browsers see it, for the CORS check: PUBLIC_URL when set, else the
 * admin page's own Origin, else the Host the request came to.
 */
export function appOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

/** Storage configs (SPEC §7, admin only) and the upload form's storage choice. */
export function registerStorageConfigRoutes(
  app: FastifyInstance,
  configs: StorageConfigService,
  options: { publicUrl: string | undefined },
): void {
  route(app, endpoints.listStorageConfigs, {}, async (_request, reply) =>
    sendData(reply, await configs.list()),
  );

  route(app, endpoints.createStorageConfig, {}, async (_request, reply, { body }) =>
    sendData(reply, await configs.create(body), 201),
  );

  route(app, endpoints.getStorageConfig, {}, async (_request, reply, { params }) =>
    sendData(reply, await configs.get(params.id)),
  );

  route(app, endpoints.updateStorageConfig, {}, async (_request, reply, { params, body }) =>
    sendData(reply, await configs.update(params.id, body)),
  );

  route(app, endpoints.deleteStorageConfig, {}, async (_request, reply, { params }) => {
    await configs.remove(params.id);
    return sendData(reply, {});
  });

  route(app, endpoints.setDefaultStorageConfig, {}, async (_request, reply, { params }) =>
    sendData(reply, await configs.setDefault(params.id)),
  );

  route(app, endpoints.testStorageConfig, {}, async (request, reply, { params }) =>
    sendData(reply, await configs.test(params.id, appOrigin(options.publicUrl, request))),
  );

  // Who may list is decided by the service (admin, keys with file permission, guests when
  // guest uploads are on), so the route itself is open.
  route(app, endpoints.uploadStorageConfigs, {}, async (request, reply) =>
    sendData(reply, await configs.listForUpload(request.actor)),
  );
}
