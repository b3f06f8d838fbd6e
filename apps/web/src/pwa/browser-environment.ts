import { readInstallDismissedAt, writeInstallDismissedAt } from './install-offer';
import type { PwaEnvironment } from './pwa-store';

/** The PWA store's view of this browser. */
export const browserPwaEnvironment: PwaEnvironment = {
  now: () => Date.now(),
  isStandalone: () =>
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches,
  readDismissedAt: readInstallDismissedAt,
  writeDismissedAt: writeInstallDismissedAt,
};
