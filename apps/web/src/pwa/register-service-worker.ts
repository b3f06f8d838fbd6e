import { Workbox } from 'workbox-window';
import type { ServiceWorkerMessage } from './shared/sw-messages';
import type { PwaStore, WorkerState } from './pwa-store';

/** How often an open app asks the server whether a new version exists. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Same-origin files this page loaded before a service worker controlled it: page chunks and
 * config.js. The worker caches them, so what the first visit showed opens offline too.
 */
export function filesLoadedBeforeControl(origin: string, loaded: readonly string[]): string[] {
  return loaded.filter((href) => {
    const url = new URL(href, origin);
    return (
      url.origin === origin &&
      (url.pathname.startsWith('/assets/') || url.pathname === '/config.js')
    );
  });
}

function follow(store: PwaStore, worker: ServiceWorker | null) {
  if (!worker) return;
  const report = () => {
    const state: WorkerState =
      worker.state === 'installed'
        ? 'waiting'
        : worker.state === 'activating' || worker.state === 'activated'
          ? 'active'
          : worker.state === 'redundant'
            ? 'redundant'
            : 'installing';
    store.setWorker(state);
  };
  report();
  worker.addEventListener('statechange', report);
}

/**
 * Registers /service-worker.js and reports its life to the store: a new version that waits
 * makes "reload to update" appear; choosing it lets the new worker take over, then reloads.
 */
export async function registerServiceWorker(store: PwaStore): Promise<void> {
  const workbox = new Workbox('/service-worker.js', { scope: '/' });
  const send = (message: ServiceWorkerMessage) => workbox.messageSW(message);

  workbox.addEventListener('waiting', () => {
    store.setWorker('waiting');
    store.setUpdate('needRefresh');
  });
  workbox.addEventListener('activated', (event) => {
    store.setWorker('active');
    if (event.isUpdate) return;
    // The first install: hand over what this visit already loaded.
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    void send({
      type: 'CACHE_URLS',
      urls: filesLoadedBeforeControl(window.location.origin, [...loaded, window.location.href]),
    }).catch(() => undefined);
  });
  workbox.addEventListener('redundant', () => store.setWorker('redundant'));
  store.onApplyUpdate(() => {
    // The new worker takes over, then this page reloads once into the new version.
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  });

  const registration = await workbox.register();
  if (!registration) return;
  follow(store, registration.active);
  registration.addEventListener('updatefound', () => {
    // Only an update: the first install has no active worker to replace.
    if (registration.active) store.setUpdate('available');
    follow(store, registration.installing);
  });
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
