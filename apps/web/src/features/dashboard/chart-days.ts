/**
 * Labels of the chart's days. The server counts UTC days, so dates are formatted in UTC:
 * in the viewer's zone "2026-05-21" could read as the 20th.
 */
function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/**
 * The two short lines under a day's bars, e.g. "21" and "Thu": stacked, they fit seven days
 * across a phone where one line would be cut.
 */
export function shortDayLabel(date: string, locale: string): { day: string; weekday: string } {
  const utc = utcDate(date);
  return {
    day: new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone: 'UTC' }).format(utc),
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(utc),
  };
}

/** Full label for screen readers and tooltips, e.g. "Thursday, May 21". */
export function longDayLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(utcDate(date));
}

/** A bar's height as a share of the chart (0–100), against the largest value shown. */
export function barPercent(value: number, max: number): number {
  return max <= 0 ? 0 : (value / max) * 100;
}
