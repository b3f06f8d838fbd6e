import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { apiHostOverride } from '../../lib/api';
import { useAuth } from '../../lib/auth';

/** The query parameter that reveals the switcher to an administrator (SPEC §2). */
export const ENV_SWITCHER_PARAM = 'showEnvSwitcher';

const SwitcherPanel = lazy(() =>
  import('./EnvSwitcherPanels').then((m) => ({ default: m.SwitcherPanel })),
);
const OverrideNotice = lazy(() =>
  import('./EnvSwitcherPanels').then((m) => ({ default: m.OverrideNotice })),
);

/**
 * The environment switcher (SPEC §2): for a signed-in administrator when the URL has
 * `?showEnvSwitcher`, picks the API host this browser uses — one config.js names, or a
 * custom http(s) URL — or goes back to the default. Anyone else whose browser uses a chosen
 * host sees which one, with the way back, so a host that cannot sign anyone in traps no one.
 */
export function EnvSwitcher() {
  const { session } = useAuth();
  const { search } = useLocation();
  const override = apiHostOverride();
  const requested = new URLSearchParams(search).has(ENV_SWITCHER_PARAM);
  if (session.type === 'admin' && requested) {
    return (
      <Suspense fallback={null}>
        <SwitcherPanel override={override} />
      </Suspense>
    );
  }
  if (override !== undefined) {
    return (
      <Suspense fallback={null}>
        <OverrideNotice override={override} />
      </Suspense>
    );
  }
  return null;
}
