/** Share expiry (SPEC §5): never, or N hours/days/weeks/months, with quick choices. */
export const EXPIRY_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export type ExpiryUnit = (typeof EXPIRY_UNITS)[number];

export type ExpiryChoice = { kind: 'never' } | { kind: 'after'; amount: number; unit: ExpiryUnit };

/** The quick choices of SPEC §5, in the order shown: 1 hour, 1, 7 and 30 days. */
export const QUICK_EXPIRY_CHOICES: readonly ExpiryChoice[] = [
  { kind: 'after', amount: 1, unit: 'hours' },
  { kind: 'after', amount: 1, unit: 'days' },
  { kind: 'after', amount: 7, unit: 'days' },
  { kind: 'after', amount: 30, unit: 'days' },
];

export const NEVER_EXPIRES: ExpiryChoice = { kind: 'never' };

/** Largest amount accepted per unit (about 10 years), so dates stay representable and sane. */
export const EXPIRY_AMOUNT_MAX: Record<ExpiryUnit, number> = {
  hours: 87_600,
  days: 3_650,
  weeks: 520,
  months: 120,
};

/** Why an amount cannot be used, or null when it can. */
export function expiryAmountProblem(
  amount: number,
  unit: ExpiryUnit,
): 'not-whole' | 'too-small' | 'too-large' | null {
  if (!Number.isInteger(amount)) return 'not-whole';
  if (amount < 1) return 'too-small';
  if (amount > EXPIRY_AMOUNT_MAX[unit]) return 'too-large';
  return null;
}

const HOUR_MS = 3_600_000;

/**
 * The UTC instant a choice expires at, as the API expects (ISO-8601), or null for never.
 * Months are calendar months in the user's time zone, clamped to the month's last day
 * (31 Jan + 1 month = 28/29 Feb), as people mean it.
 */
export function expiryInstant(choice: ExpiryChoice, now: Date): string | null {
  if (choice.kind === 'never') return null;
  const { amount, unit } = choice;
  if (unit === 'months') {
    const target = new Date(now.getTime());
    const day = target.getDate();
    target.setDate(1);
    target.setMonth(target.getMonth() + amount);
    const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
    target.setDate(Math.min(day, lastDay));
    return target.toISOString();
  }
  const hours = unit === 'hours' ? amount : unit === 'days' ? amount * 24 : amount * 24 * 7;
  return new Date(now.getTime() + hours * HOUR_MS).toISOString();
}

/** Same choice? (Used to highlight the selected quick choice.) */
export function sameExpiry(a: ExpiryChoice, b: ExpiryChoice): boolean {
  if (a.kind === 'never' || b.kind === 'never') return a.kind === b.kind;
  return a.amount === b.amount && a.unit === b.unit;
}

/** Whether an expiry instant has passed at `now` (epoch ms); no expiry never passes. */
export function hasExpired(expiresAt: string | null, now: number): boolean {
  if (expiresAt === null) return false;
  const at = Date.parse(expiresAt);
  return !Number.isNaN(at) && at <= now;
}

const INTL_UNIT: Record<ExpiryUnit, string> = {
  hours: 'hour',
  days: 'day',
  weeks: 'week',
  months: 'month',
};

/** "7 days", "1 hour", "30 天" — a duration in the user's language, from Intl. */
export function formatDuration(amount: number, unit: ExpiryUnit, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: INTL_UNIT[unit],
    unitDisplay: 'long',
  }).format(amount);
}
