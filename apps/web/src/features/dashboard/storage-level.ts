/** How full a storage is: colour rules of the storage bars. */
export type StorageLevel = 'unlimited' | 'normal' | 'warning' | 'critical';

/** From this share of the quota the bar turns orange… */
export const WARNING_RATIO = 0.8;
/** …and from this share red. */
export const CRITICAL_RATIO = 0.95;

/** Share of the quota used (may exceed 1: pending uploads can overshoot); null when unlimited. */
export function usedRatio(usedBytes: number, quotaBytes: number | null): number | null {
  if (quotaBytes === null) return null;
  // A zero quota admits nothing: it is full.
  if (quotaBytes === 0) return 1;
  return usedBytes / quotaBytes;
}

/** The level of a storage from its use and quota. */
export function storageLevel(usedBytes: number, quotaBytes: number | null): StorageLevel {
  const ratio = usedRatio(usedBytes, quotaBytes);
  if (ratio === null) return 'unlimited';
  if (ratio >= CRITICAL_RATIO) return 'critical';
  if (ratio >= WARNING_RATIO) return 'warning';
  return 'normal';
}

/** The Mantine colour of each level's bar. */
export const LEVEL_COLORS: Record<Exclude<StorageLevel, 'unlimited'>, string> = {
  normal: 'blue',
  warning: 'orange',
  critical: 'red',
};
