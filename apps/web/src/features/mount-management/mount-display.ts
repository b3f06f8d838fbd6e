import type { Mount } from '@pasteport/contract';

/** Display order (SPEC §3 sort order): by sort order, then by path. */
export function sortMounts(mounts: readonly Mount[]): Mount[] {
  return [...mounts].sort(
    (a, b) =>
      a.sort_order - b.sort_order ||
      (a.mount_path < b.mount_path ? -1 : a.mount_path > b.mount_path ? 1 : 0),
  );
}

/** The mounts whose name, path or remark contains the search, ignoring case and spaces around it. */
export function filterMounts(mounts: readonly Mount[], search: string): Mount[] {
  const term = search.trim().toLocaleLowerCase();
  if (term === '') return [...mounts];
  return mounts.filter((mount) =>
    [mount.name, mount.mount_path, mount.remark ?? ''].some((text) =>
      text.toLocaleLowerCase().includes(term),
    ),
  );
}

const TTL_UNITS: readonly [Intl.NumberFormatOptions['unit'], number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * A cache time in the largest unit that divides it exactly ("5 min", "1 hr", "90 sec"), in the
 * user's language; undefined for 0, which means no cache.
 */
export function cacheTtlText(seconds: number, locale: string): string | undefined {
  if (seconds <= 0) return undefined;
  const [unit, size] = TTL_UNITS.find(([, size]) => seconds % size === 0) ?? ['second', 1];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(
    seconds / size,
  );
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/**
 * "3 hours ago" in the user's language: the largest unit that fits, rounded, so a cell stays
 * short (the exact instant goes in a tooltip). `now` is when the list was loaded.
 */
export function formatRelative(iso: string, now: number, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const seconds = (at - now) / 1000;
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [candidate, candidateSize] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= candidateSize) [unit, size] = [candidate, candidateSize];
  }
  // Math.round(-0.4) is -0, which Intl would print as "0 minutes ago".
  const value = Math.round(seconds / size) || 0;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}

/** The mount explorer's page of a mount (SPEC §2: /mount-explorer/{path...}). */
export function explorerPath(mount: Pick<Mount, 'mount_path'>): string {
  return `/mount-explorer${mount.mount_path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/')}`;
}
