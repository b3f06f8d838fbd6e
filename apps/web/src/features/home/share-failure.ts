import type { TFunction } from 'i18next';
import { describeApiError, isApiError, serverFieldErrors } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { CONTENT_LIMIT_BYTES } from './content-size';
import { SERVER_FIELD_TO_OPTION, type ShareField } from './share-form';

/** How a failed share is shown: on fields, as a message, and whether signing in would help. */
export interface ShareFailure {
  fieldErrors: Partial<Record<ShareField, string>>;
  message?: string;
  /** Offer the sign-in link (a guest refused because guest pastes are off). */
  signIn?: boolean;
}

/**
 * The words for a failed POST /paste, chosen from the error code (SPEC §8): a taken slug on
 * the slug field, field errors on their fields, 413 as the size limit, a guest's 401 as the
 * sign-in notice, anything else through describeApiError.
 */
export function describeShareFailure(
  error: unknown,
  {
    t,
    language,
    signedIn,
    bytes,
  }: { t: TFunction; language: string; signedIn: boolean; bytes: number },
): ShareFailure {
  if (!isApiError(error)) return { fieldErrors: {}, message: describeApiError(error, t) };
  if (error.code === 'SLUG_TAKEN' || (error.status === 409 && !error.code)) {
    return { fieldErrors: { slug: t('api.slugTaken') } };
  }
  if (error.code === 'VALIDATION_FAILED') {
    const fieldErrors = serverFieldErrors(error, SERVER_FIELD_TO_OPTION, t);
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  }
  if (error.status === 413) {
    return { fieldErrors: {}, message: tooLargeMessage(t, language, bytes) };
  }
  if (error.status === 401 && !signedIn) {
    return { fieldErrors: {}, message: t('home.access.guestsOff'), signIn: true };
  }
  return { fieldErrors: {}, message: describeApiError(error, t) };
}

/** "The text is 10.3 MB; the limit is 10 MB." in the user's language. */
export function tooLargeMessage(t: TFunction, language: string, bytes: number): string {
  const limit = formatBytes(CONTENT_LIMIT_BYTES, language);
  let size = formatBytes(bytes, language);
  // Just over the limit rounds to the limit itself; exact bytes show the difference.
  if (size === limit) {
    size = t('home.size.bytes', { count: bytes, formatted: bytes.toLocaleString(language) });
  }
  return t('home.size.tooLarge', { size, limit });
}
