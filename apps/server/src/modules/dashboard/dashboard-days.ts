import { DASHBOARD_DAYS } from '@pasteport/contract';

const DAY_MS = 86_400_000;

/** The UTC days the activity chart covers and the instants bounding them. */
export interface DayWindow {
  /** YYYY-MM-DD, oldest first, today (UTC) last. */
  days: string[];
  /** Start of the oldest day, as the ISO text stored in created_at (inclusive). */
  since: string;
  /** Start of tomorrow (exclusive), so rows stamped later are never counted. */
  until: string;
}

/** The last `count` UTC days up to and including the day of `now`. */
export function dayWindow(now: Date, count: number = DASHBOARD_DAYS): DayWindow {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const oldestStart = todayStart - (count - 1) * DAY_MS;
  const days = Array.from({ length: count }, (_, i) =>
    new Date(oldestStart + i * DAY_MS).toISOString().slice(0, 10),
  );
  return {
    days,
    since: new Date(oldestStart).toISOString(),
    until: new Date(todayStart + DAY_MS).toISOString(),
  };
}
