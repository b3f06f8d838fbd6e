import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { decideRoute, useAuth, useAuthStore, type GuardNotice } from '../../lib/auth';

/** Leaves for `to`, telling the user why when there is a notice. */
function GuardRedirect({ to, notice }: { to: string; notice: GuardNotice | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (notice) {
      notifications.show({ id: notice, color: 'yellow', message: t(`auth.guard.${notice}`) });
    }
    void navigate(to, { replace: true });
  }, [navigate, notice, t, to]);
  return null;
}

/**
 * The SPEC §5 route guard around the admin area and the mount explorer: it re-validates a
 * stale session on the way in (SPEC §4), waits for the first check of a restored session, and
 * redirects API keys that may not be here.
 */
export function AuthGuard() {
  const { pathname } = useLocation();
  const store = useAuthStore();
  const { session, validating, lastValidatedAt } = useAuth();

  useEffect(() => {
    void store.ensureFresh();
  }, [store, pathname]);

  // A restored session is not shown until the server has confirmed it once.
  if (session.type !== 'none' && validating && lastValidatedAt === undefined) {
    return <PageLoader />;
  }
  const decision = decideRoute(session, pathname);
  if (decision.action === 'redirect')
    return <GuardRedirect to={decision.to} notice={decision.notice} />;
  return <Outlet />;
}
