const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Human-readable size in binary units (1 KB = 1024 B), formatted for the given locale. */
export function formatBytes(bytes: number, locale: string, fractionDigits = 1): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : fractionDigits;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${BYTE_UNITS[unit]}`;
}

/** Date and time of an ISO-8601 timestamp in the user's locale and time zone. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The calendar date of an ISO-8601 timestamp in the user's locale and time zone. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** The browser tab title for a page: its own title, then any section, then the app name. */
export function formatDocumentTitle(appName: string, ...parts: string[]): string {
  return [...parts.filter((part) => part.length > 0), appName].join(' · ');
}

/**
 * A wait such as "30 seconds" or "15 minutes" in the user's language, rounded up to the unit
 * shown so the user never retries too early.
 */
export function formatWait(seconds: number, locale: string): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [value, unit] =
    whole < 60
      ? [whole, 'second']
      : whole < 3600
        ? [Math.ceil(whole / 60), 'minute']
        : [Math.ceil(whole / 3600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
