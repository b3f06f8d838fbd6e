import type { TFunction } from 'i18next';
import type { ErrorContext as RequestContext } from '@pasteport/contract/plain';
import { ApiError } from './errors';

/**
 * The text for an error the user should see, per SPEC §8's table, in the current language.
 * A known `error` code wins over the server's English prose, which is only a fallback.
 * `context` overrides the one recorded on the error (e.g. a screen that knows better).
 */
export function describeApiError(error: unknown, t: TFunction, context?: RequestContext): string {
  if (!(error instanceof ApiError)) return t('api.requestFailed');
  if (error.kind === 'aborted') {
    return error.transport === 'upload' ? t('api.uploadAborted') : t('api.aborted');
  }
  if (error.kind === 'timeout') {
    return error.transport === 'upload' ? t('api.uploadTimeout') : t('api.timeout');
  }
  if (error.kind === 'queued') return t('api.queuedOffline');
  if (error.kind === 'network') {
    return error.transport === 'upload' ? t('api.uploadNetwork') : t('api.network');
  }

  const status = error.status ?? 0;
  const codeText = error.code ? t(`errors.${error.code}`) : undefined;
  // The server's own words only when it sent no code we can translate.
  const specific = codeText ?? error.serverMessage;

  if (status >= 200 && status < 300) return specific ?? t('api.requestFailed');
  if (status === 401) return describeUnauthorized(error, t, context ?? error.context);
  if (status === 409) return specific ?? t('api.slugTaken');
  return specific ?? t('api.httpError', { status });
}

function describeUnauthorized(error: ApiError, t: TFunction, context: RequestContext): string {
  // The generic UNAUTHORIZED text is less precise than the per-situation fallbacks below.
  const precise =
    error.code && error.code !== 'UNAUTHORIZED' ? t(`errors.${error.code}`) : undefined;
  const fromServer = error.code ? undefined : error.serverMessage;

  if (context === 'password-verification') return precise ?? fromServer ?? t('api.wrongPassword');
  if (context === 'change-password') return precise ?? fromServer ?? t('api.verificationFailed');
  if (error.authHandlingFailed) return t('api.authFailed');
  if (error.credentialKind === 'admin') return t('api.adminSessionExpired');
  if (error.credentialKind === 'apikey') {
    if (context === 'file') {
      const reason = error.code ? t(`errors.${error.code}`) : error.serverMessage;
      return reason ?? t('api.apiKeyInvalid');
    }
    return t('api.apiKeyInvalid');
  }
  return t('api.unauthorized');
}
