import type { Page } from 'playwright-core';

/**
 * Waits until the service worker controls `page`. A first install fails as a whole when one
 * precached file could not be fetched (a busy machine can drop one); the browser tries again
 * on the next load, as it would for a person, so a failed install means one reload.
 */
export async function waitForServiceWorkerControl(page: Page, reloads = 2): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await page.evaluate(
      () =>
        new Promise<'controlled' | 'failed'>((resolve) => {
          const container = navigator.serviceWorker;
          if (container.controller) return resolve('controlled');
          container.addEventListener('controllerchange', () => resolve('controlled'));
          // A worker that turns redundant while none is active: the install failed.
          const follow = (registration: ServiceWorkerRegistration, worker: ServiceWorker | null) =>
            worker?.addEventListener('statechange', () => {
              if (worker.state === 'redundant' && !registration.active) resolve('failed');
            });
          const watch = (registration: ServiceWorkerRegistration | undefined) => {
            if (!registration) {
              // The app registers its worker after the load event.
              setTimeout(() => void container.getRegistration().then(watch), 100);
              return;
            }
            follow(registration, registration.installing);
            follow(registration, registration.waiting);
            registration.addEventListener('updatefound', () =>
              follow(registration, registration.installing),
            );
          };
          void container.getRegistration().then(watch);
        }),
    );
    if (outcome === 'controlled') return;
    if (attempt >= reloads) throw new Error('the service worker failed to install');
    await page.reload();
  }
}
