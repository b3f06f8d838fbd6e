import { SIZE_UNITS, toMegabytes, type SizeUnit } from '@pasteport/contract';

/** A size as the form shows it: a number in the largest unit that keeps it whole. */
export interface SizeInUnit {
  value: number;
  unit: SizeUnit;
}

/** The form units in display order. */
export const SIZE_UNIT_CHOICES = Object.keys(SIZE_UNITS) as SizeUnit[];

/** Presents a stored MB value: 2048 → 2 GB, 100 → 100 MB, 0.5 → 512 KB. */
export function fromMegabytes(megabytes: number): SizeInUnit {
  if (megabytes >= 1024 && Number.isInteger(megabytes / 1024)) {
    return { value: megabytes / 1024, unit: 'GB' };
  }
  if (Number.isInteger(megabytes)) return { value: megabytes, unit: 'MB' };
  return { value: Math.round(megabytes * 1024 * 1000) / 1000, unit: 'KB' };
}

/** The MB the API stores for a form value (SIZE_UNITS via the contract's toMegabytes). */
export function sizeToMegabytes(size: SizeInUnit): number {
  return toMegabytes(size.value, size.unit);
}
