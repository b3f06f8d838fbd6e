import type { DashboardStats } from '@pasteport/contract';
import type { Clock } from '../../lib/clock.js';
import { dayWindow } from './dashboard-days.js';
import { presentDaily, presentDashboardStats } from './dashboard.presenter.js';
import type { DashboardRepository } from './dashboard.repository.js';

/** The admin dashboard's figures (admin-only; the route declares it). */
export function createDashboardService(deps: { repo: DashboardRepository; clock: Clock }) {
  return {
    /** Counts, storage use per configuration and the last seven UTC days of activity. */
    async stats(): Promise<DashboardStats> {
      const window = dayWindow(deps.clock.now());
      const [counts, storage, pastes, files] = await Promise.all([
        deps.repo.counts(),
        deps.repo.storageUsage(),
        deps.repo.pastesPerDay(window.since, window.until),
        deps.repo.filesPerDay(window.since, window.until),
      ]);
      return presentDashboardStats({
        counts,
        storage,
        daily: presentDaily(window.days, pastes, files),
      });
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
