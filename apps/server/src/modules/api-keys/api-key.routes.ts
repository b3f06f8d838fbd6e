import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { AppError } from '../../lib/app-error.js';
import { presentApiKeyInfo } from './api-key.presenter.js';
import type { ApiKeyService } from './api-key.service.js';

/** API key management (admin) and the key self-check (SPEC §7 Auth). */
export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeyService): void {
  route(app, endpoints.listApiKeys, {}, async (_request, reply) =>
    sendData(reply, await keys.list()),
  );

  route(app, endpoints.createApiKey, {}, async (_request, reply, { body }) =>
    sendData(reply, await keys.create(body), 201),
  );

  route(app, endpoints.updateApiKey, {}, async (_request, reply, { params, body }) =>
    sendData(reply, await keys.update(params.id, body)),
  );

  route(app, endpoints.deleteApiKey, {}, async (_request, reply, { params }) => {
    await keys.remove(params.id);
    return sendData(reply, {});
  });

  route(app, endpoints.apiKeyInfo, {}, (request, reply) => {
    if (request.actor.kind !== 'apikey') {
      throw new AppError('FORBIDDEN', 'this checks API keys; present one with "ApiKey <key>"');
    }
    return sendData(reply, presentApiKeyInfo(request.actor));
  });
}
