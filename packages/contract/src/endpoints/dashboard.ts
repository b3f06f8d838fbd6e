import { dashboardStatsSchema } from '../dashboard.js';
import { endpoint, json } from './define.js';
import { ROUTES } from './routes.js';

/** The admin dashboard's figures (SPEC §7 System). */
export const dashboardEndpoints = {
  dashboardStats: endpoint(ROUTES.dashboardStats, {
    tag: 'Dashboard',
    summary: 'Counts, storage use and daily activity',
    answer: json(dashboardStatsSchema),
    errors: [],
  }),
};
