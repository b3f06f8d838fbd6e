import { Navigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { LoginScreen } from '../../auth';
import { AdminFrame } from '../components/AdminFrame';
import { resolveAdminModule, visibleModules } from '../visibility';

/**
 * The admin panel (SPEC §2): the login screen while signed out (SPEC §5 lets signed-out users
 * in), otherwise the frame with the modules this identity may open.
 */
export function AdminPage() {
  const { module } = useParams();
  const { session } = useAuth();
  if (session.type === 'none') return <LoginScreen />;

  const modules = visibleModules(session);
  const resolution = resolveAdminModule(module, modules);
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  const current = resolution.kind === 'show' ? resolution.module : undefined;
  return <AdminFrame session={session} modules={modules} current={current} />;
}
