import {
  createStorageConfigRequestSchema,
  updateStorageConfigRequestSchema,
} from '@pasteport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import type { StorageConfigService } from './storage-config.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

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
  const admin = { config: { access: 'admin' as const } };

  app.get('/api/s3-configs', admin, async (_request, reply) =>
    sendData(reply, await configs.list()),
  );

  app.post('/api/s3-configs', admin, async (request, reply) => {
    const body = parseWith(createStorageConfigRequestSchema, request.body, 'body');
    return sendData(reply, await configs.create(body), 201);
  });

  app.get('/api/s3-configs/:id', admin, async (request, reply) => {
    const { id } = parseWith(idParams, request.params, 'path');
    return sendData(reply, await configs.get(id));
  });

  app.put('/api/s3-configs/:id', admin, async (request, reply) => {
    const { id } = parseWith(idParams, request.params, 'path');
    const body = parseWith(updateStorageConfigRequestSchema, request.body, 'body');
    return sendData(reply, await configs.update(id, body));
  });

  app.delete('/api/s3-configs/:id', admin, async (request, reply) => {
    const { id } = parseWith(idParams, request.params, 'path');
    await configs.remove(id);
    return sendData(reply, {});
  });

  app.put('/api/s3-configs/:id/set-default', admin, async (request, reply) => {
    const { id } = parseWith(idParams, request.params, 'path');
    return sendData(reply, await configs.setDefault(id));
  });

  app.post('/api/s3-configs/:id/test', admin, async (request, reply) => {
    const { id } = parseWith(idParams, request.params, 'path');
    return sendData(reply, await configs.test(id, appOrigin(options.publicUrl, request)));
  });

  // Who may list is decided by the service (admin, keys with file permission, guests when
  // guest uploads are on), so the route itself is open.
  app.get('/api/upload/storage-configs', { config: { access: 'public' } }, async (request, reply) =>
    sendData(reply, await configs.listForUpload(request.actor)),
  );
}
