import type { FastifyInstance } from 'fastify';
import { errorBody, sendData } from '../../http/envelope.js';
import type { SystemService } from './system.service.js';

/** GET /api/health (503 with the failing check when a dependency is down) and GET /api/version. */
export function registerSystemRoutes(app: FastifyInstance, system: SystemService): void {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
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

  app.get('/api/version', { config: { access: 'public' } }, (_request, reply) =>
    sendData(reply, system.version()),
  );
}
