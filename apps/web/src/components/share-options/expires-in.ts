import { FILE_EXPIRES_IN_MAX_HOURS } from '@pasteport/contract/plain';
import { expiryInstant, type ExpiryChoice } from '../../lib/expiry';

const HOUR_MS = 3_600_000;

/**
 * A choice as a file's `expires_in` (SPEC §3: files take a duration, not an instant): whole
 * hours from `now`, or null for never. Calendar months (lib/expiry) are rounded up to the hour
 * so a file never expires early; the result stays within 1 hour and the contract's maximum.
 */
export function hoursUntilExpiry(choice: ExpiryChoice, now: Date): number | null {
  const instant = expiryInstant(choice, now);
  if (instant === null) return null;
  const hours = Math.ceil((Date.parse(instant) - now.getTime()) / HOUR_MS);
  return Math.min(FILE_EXPIRES_IN_MAX_HOURS, Math.max(1, hours));
}
