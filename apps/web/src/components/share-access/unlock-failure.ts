import type { TFunction } from 'i18next';
import { describeApiError, isApiError } from '../../lib/api';
import { formatWait } from '../../lib/format';
import type { LocalePrefixWith } from '../share-options/locale-prefix';

/** The texts a password prompt reads under its key prefix (e.g. 'pasteView.unlock'). */
export interface UnlockTexts {
  title: string;
  description: string;
  label: string;
  submit: string;
  empty: string;
  rateLimited: string;
  rateLimitedNoWait: string;
  retryHint: string;
}

/** A failed unlock: on the password field when the password is at fault, else beside it. */
export interface UnlockFailure {
  on: 'field' | 'form';
  message: string;
}

/**
 * What to say about a failed unlock: a wrong password (401) and too many tries (429, with the
 * wait when the server gave one) belong to the field; anything else to the form, with a hint
 * that trying again may help.
 */
export function unlockFailureOf(
  error: unknown,
  keyPrefix: LocalePrefixWith<UnlockTexts>,
  t: TFunction,
  locale: string,
): UnlockFailure {
  if (isApiError(error) && error.status === 401) {
    return { on: 'field', message: describeApiError(error, t) };
  }
  if (isApiError(error) && error.status === 429) {
    const message =
      error.retryAfterSeconds === undefined
        ? t(`${keyPrefix}.rateLimitedNoWait`)
        : t(`${keyPrefix}.rateLimited`, { wait: formatWait(error.retryAfterSeconds, locale) });
    return { on: 'field', message };
  }
  return {
    on: 'form',
    message: `${describeApiError(error, t)} ${t(`${keyPrefix}.retryHint`)}`,
  };
}
