import type { ExpiryChoice, ExpiryUnit } from '../../lib/expiry';

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

/** The duration of a choice, or undefined for never. */
export function choiceDuration(choice: ExpiryChoice, language: string): string | undefined {
  return choice.kind === 'never' ? undefined : formatDuration(choice.amount, choice.unit, language);
}
