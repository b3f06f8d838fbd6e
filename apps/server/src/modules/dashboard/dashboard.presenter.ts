import type { DailyActivity, DashboardStats, StorageUsage } from '@pasteport/contract';
import type { DashboardCounts, DayCountRow, StorageUsageRow } from './dashboard.repository.js';

/** A storage row as the API shows it (explicit: a new column never leaks). */
export function presentStorageUsage(row: StorageUsageRow): StorageUsage {
  return {
    id: row.id,
    name: row.name,
    provider_type: row.provider_type,
    used_bytes: row.used_bytes,
    quota_bytes: row.quota_bytes,
    file_count: row.file_count,
  };
}

/** One entry per day of `days` (oldest first), zero where nothing was created. */
export function presentDaily(
  days: readonly string[],
  pastes: readonly DayCountRow[],
  files: readonly DayCountRow[],
): DailyActivity[] {
  const byDay = (rows: readonly DayCountRow[]) =>
    new Map(rows.map((row) => [row.day, Number(row.n)]));
  const pastesByDay = byDay(pastes);
  const filesByDay = byDay(files);
  return days.map((date) => ({
    date,
    pastes: pastesByDay.get(date) ?? 0,
    files: filesByDay.get(date) ?? 0,
  }));
}

/** GET /api/admin/dashboard/stats data. */
export function presentDashboardStats(parts: {
  counts: DashboardCounts;
  storage: readonly StorageUsageRow[];
  daily: DailyActivity[];
}): DashboardStats {
  return {
    counts: {
      pastes: parts.counts.pastes,
      files: parts.counts.files,
      api_keys: parts.counts.api_keys,
      storage_configs: parts.counts.storage_configs,
    },
    storage: parts.storage.map(presentStorageUsage),
    daily: parts.daily,
  };
}
