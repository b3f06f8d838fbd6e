import type { FastifyInstance } from 'fastify';
import { sendData } from '../../http/envelope.js';
import type { DashboardService } from './dashboard.service.js';

/** GET /api/admin/dashboard/stats (SPEC §7, admin only). */
export function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  app.get('/api/admin/dashboard/stats', { config: { access: 'admin' } }, async (_request, reply) =>
    sendData(reply, await dashboard.stats()),
  );
}
