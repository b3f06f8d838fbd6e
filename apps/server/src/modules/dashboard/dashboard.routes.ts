import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { DashboardService } from './dashboard.service.js';

/** GET /api/admin/dashboard/stats (SPEC §7, admin only). */
export function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  route(app, endpoints.dashboardStats, {}, async (_request, reply) =>
    sendData(reply, await dashboard.stats()),
  );
}
