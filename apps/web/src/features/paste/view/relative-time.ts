/** Seconds per unit, largest first; weeks are skipped ("in 1 week" hides 10 days). */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "in 3 days", "2 hours ago", "tomorrow" for an ISO-8601 instant relative to `now` (epoch
 * ms), in the largest unit that fits, in the user's language.
 */
export function formatRelativeTime(iso: string, now: number, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const seconds = (at - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return format.format(0, 'second');
}
