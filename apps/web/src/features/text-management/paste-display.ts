/** Who created a paste, as the listing names it. */
export type PasteCreator =
  { kind: 'admin' } | { kind: 'apikey'; idPrefix: string } | { kind: 'guest' };

/** Characters of a key id shown in the listing: enough to tell keys apart at a glance. */
export const KEY_ID_PREFIX_LENGTH = 8;

/**
 * Reads `created_by`: 'admin', an API key as `apikey:{id}` or its bare id (SPEC §3), or null
 * for a guest.
 */
export function creatorOf(createdBy: string | null): PasteCreator {
  if (createdBy === null || createdBy === '') return { kind: 'guest' };
  if (createdBy === 'admin') return { kind: 'admin' };
  const id = createdBy.startsWith('apikey:') ? createdBy.slice('apikey:'.length) : createdBy;
  return { kind: 'apikey', idPrefix: id.slice(0, KEY_ID_PREFIX_LENGTH) };
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/**
 * "in 3 days" or "2 hours ago" in the user's language: the largest unit that fits, rounded,
 * so a table cell stays short (the exact instant goes in a tooltip).
 */
export function formatRelative(iso: string, now: number, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const seconds = (at - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [candidate, candidateSize] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= candidateSize) [unit, size] = [candidate, candidateSize];
  }
  // Math.round(-0.4) is -0, which Intl would print as "0 minutes ago" for a future instant.
  const value = Math.round(seconds / size) || 0;
  return format.format(value, unit);
}
