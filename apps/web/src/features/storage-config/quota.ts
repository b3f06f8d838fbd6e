/** Units the quota input offers; the API always takes bytes. */
export const QUOTA_UNITS = { MB: 1024 ** 2, GB: 1024 ** 3 } as const;
export type QuotaUnit = keyof typeof QUOTA_UNITS;
export const QUOTA_UNIT_CHOICES = Object.keys(QUOTA_UNITS) as QuotaUnit[];

/** A quota as the form shows it: text (empty = unlimited) in GB or MB. */
export interface QuotaInput {
  value: string;
  unit: QuotaUnit;
}

/** Shows stored bytes in the largest unit that keeps them whole (else MB, 2 decimals). */
export function quotaFromBytes(bytes: number | null): QuotaInput {
  if (bytes === null) return { value: '', unit: 'GB' };
  if (bytes % QUOTA_UNITS.GB === 0) return { value: String(bytes / QUOTA_UNITS.GB), unit: 'GB' };
  return { value: String(Math.round((bytes / QUOTA_UNITS.MB) * 100) / 100), unit: 'MB' };
}

/** The bytes a quota input stands for: null when empty (unlimited), NaN when not a size. */
export function quotaToBytes(quota: QuotaInput): number | null {
  const text = quota.value.trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return Number.NaN;
  const bytes = Math.round(value * QUOTA_UNITS[quota.unit]);
  return bytes >= 1 && bytes <= Number.MAX_SAFE_INTEGER ? bytes : Number.NaN;
}
