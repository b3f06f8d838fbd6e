import type { TFunction } from 'i18next';
import { isLoginError } from '../../lib/auth';
import { formatWait } from '../../lib/format';

/** The SPEC §8 login message for what a login call rejected with, in the current language. */
export function describeLoginFailure(error: unknown, t: TFunction, locale: string): string {
  if (!isLoginError(error)) return t('auth.login.errors.loginFailed');
  switch (error.reason) {
    case 'network':
      return t('api.network');
    case 'timeout':
      return t('api.timeout');
    case 'rateLimited':
      return error.retryAfterSeconds === undefined
        ? t('auth.login.errors.rateLimitedNoWait')
        : t('auth.login.errors.rateLimited', {
            wait: formatWait(error.retryAfterSeconds, locale),
          });
    default:
      return t(`auth.login.errors.${error.reason}`);
  }
}
