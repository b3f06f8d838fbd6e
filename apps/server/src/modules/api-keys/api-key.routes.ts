import { createApiKeyRequestSchema, updateApiKeyRequestSchema } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import { AppError } from '../../lib/app-error.js';
import { presentApiKeyInfo } from './api-key.presenter.js';
import type { ApiKeyService } from './api-key.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** API key management (admin) and the key self-check (SPEC §7 Auth). */
export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeyService): void {
  app.get('/api/admin/api-keys', { config: { access: 'admin' } }, async (_request, reply) =>
    sendData(reply, await keys.list()),
  );

  app.post('/api/admin/api-keys', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parseWith(createApiKeyRequestSchema, request.body, 'body');
    return sendData(reply, await keys.create(body), 201);
  });

  app.put('/api/admin/api-keys/:id', { config: { access: 'admin' } }, async (request, reply) => {
    const { id } = parseWith(idParams, request.params, 'path');
    const body = parseWith(updateApiKeyRequestSchema, request.body, 'body');
    return sendData(reply, await keys.update(id, body));
  });

  app.delete('/api/admin/api-keys/:id', { config: { access: 'admin' } }, async (request, reply) => {
    const { id } = parseWith(idParams, request.params, 'path');
    await keys.remove(id);
    return sendData(reply, {});
  });

  app.get('/api/test/api-key', { config: { access: 'authenticated' } }, (request, reply) => {
    if (request.actor.kind !== 'apikey') {
      throw new AppError('FORBIDDEN', 'this checks API keys; present one with "ApiKey <key>"');
    }
    return sendData(reply, presentApiKeyInfo(request.actor));
  });
}
