import { isErrorCode } from '@pasteport/contract/plain';
import { isApiError } from '../../../lib/api/errors';
import { describeJobFailure, describeRequestError, type FailureContext } from '../upload-failure';
import type { RelayFailure } from './relay-job';
import type { ImportFailure } from './server-import';

/** The words for a failed browser relay (SPEC §8 URL upload messages). */
export function describeRelayFailure(failure: RelayFailure, context: FailureContext): string {
  const { t } = context;
  if (failure.kind === 'download') {
    const { error } = failure;
    if (error.kind === 'cancelled') return t('upload.url.errors.cancelled');
    if (error.kind === 'http')
      return t('upload.url.errors.fetchStatus', { status: error.status ?? 0 });
    return t('upload.url.errors.fetch');
  }
  if (failure.failure.kind === 'cancelled') return t('upload.url.errors.cancelled');
  return t('upload.url.errors.upload', { reason: describeJobFailure(failure.failure, context) });
}

/** The words for a failed server-side import: a known error code, else a plain sentence. */
export function describeImportFailure(failure: ImportFailure, context: FailureContext): string {
  const { t } = context;
  if (failure.kind === 'request') return describeRequestError(failure.error, context);
  const code = typeof failure.error === 'object' ? failure.error.code : undefined;
  return isErrorCode(code) ? t(`errors.${code}`) : t('upload.url.errors.serverFetch');
}

/** Why the server refused to fetch a URL (`details[0].rule` of its 400 on the `url` field). */
const URL_REFUSALS = [
  'format',
  'scheme',
  'credentials',
  'private_address',
  'too_many_redirects',
  'unresolvable',
] as const;
type UrlRefusal = (typeof URL_REFUSALS)[number];

/**
 * The server's own reason when it refused the URL itself (a private address, a scheme …),
 * worded for the field; undefined for any other failure.
 */
export function describeUrlRefusal(error: unknown, { t }: Pick<FailureContext, 't'>) {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return undefined;
  const rule = error.details?.find((issue) => issue.field === 'url')?.rule;
  return (URL_REFUSALS as readonly string[]).includes(rule ?? '')
    ? t(`upload.url.refused.${rule as UrlRefusal}`)
    : undefined;
}

/** Whether text is an http(s) URL the browser and server can fetch. */
export function isFetchableUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
