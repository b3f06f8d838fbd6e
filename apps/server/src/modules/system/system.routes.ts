import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { registerApiDocs } from '../../http/api-docs.js';
import { METRICS_OPENAPI } from '../metrics/metrics.openapi.js';
import { route } from '../../http/endpoint.js';
import { errorBody, sendData } from '../../http/envelope.js';
import type { SystemService } from './system.service.js';

/**
 * GET /api/health (503 with the failing check when a dependency is down), GET /api/version, and
 * this API's own description (GET /api/openapi.json, GET /api/docs).
 */
export function registerSystemRoutes(app: FastifyInstance, system: SystemService): void {
  route(app, endpoints.health, {}, async (request, reply) => {
    const health = await system.health();
    if (health.status === 'ok') return sendData(reply, health);
    const down = Object.entries(health.checks)
      .filter(([, c]) => c.status === 'down')
      .map(([name]) => name);
    return reply
      .code(503)
      .header('Cache-Control', 'no-store')
      .send({
        ...errorBody(503, 'SERVICE_UNAVAILABLE', `unavailable: ${down.join(', ')}`, request.id),
        data: health,
      });
  });

  route(app, endpoints.version, {}, (_request, reply) => sendData(reply, system.version()));

  registerApiDocs(app, system.version().version, METRICS_OPENAPI);
}
