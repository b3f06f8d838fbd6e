/** The counters a shared row has: views so far and the limit (0: unlimited, SPEC §9). */
export interface ViewCounts {
  views: number;
  max_views: number;
}

/** "3 / 5", or "3 / ∞" when the row may be read without limit. */
export function viewsText({ views, max_views }: ViewCounts): string {
  return `${views} / ${max_views > 0 ? max_views : '∞'}`;
}

/** Whether a row with a view limit has been read that many times. */
export function viewLimitReached({ views, max_views }: ViewCounts): boolean {
  return max_views > 0 && views >= max_views;
}
