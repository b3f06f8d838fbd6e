import { PROMPT_POLL_MS } from '@pasteport/contract/plain';
import type { InstallPromptEvent, PwaStore } from './pwa-store';

/**
 * Starts the installable app: keeps the browser's install offer (it fires once, early, so
 * this runs before the first render), notices an install, re-reads the state every 5 s
 * (SPEC §4) and, in a production build, registers the service worker after the page loaded
 * (its code is a chunk of its own, off the first paint).
 */
export function startPwa(store: PwaStore, options: { register: boolean }): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar would compete with our prompt.
    event.preventDefault();
    store.offerInstallation(event as unknown as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => store.markInstalled());
  window.setInterval(() => store.refresh(), PROMPT_POLL_MS);

  if (!options.register || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./register-service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker(store))
      .catch(() => store.setWorker('redundant'));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
