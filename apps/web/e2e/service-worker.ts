import type { Page } from 'playwright-core';

/**
 * Waits until the service worker controls `page`, reloading when control cannot come without
 * a new load, as a person's next visit would:
 *   - a first install fails as a whole when one precached file could not be fetched (a busy
 *     machine can drop one); the browser tries again on the next load;
 *   - a page whose navigation was under way while the worker activated is missed by the
 *     worker's clients.claim() (Chromium claims only the clients that exist by then), so it
 *     stays uncontrolled with an active worker and nothing left to wait for.
 */
export async function waitForServiceWorkerControl(page: Page, reloads = 2): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await page.evaluate(
      () =>
        new Promise<'controlled' | 'reload'>((resolve) => {
          const container = navigator.serviceWorker;
          if (container.controller) return resolve('controlled');
          container.addEventListener('controllerchange', () => resolve('controlled'));
          // An active worker that has not claimed this page within a second never will.
          const claimMissed = () =>
            setTimeout(() => {
              if (!container.controller) resolve('reload');
            }, 1000);
          const follow = (registration: ServiceWorkerRegistration, worker: ServiceWorker | null) =>
            worker?.addEventListener('statechange', () => {
              // Redundant while none is active: the install failed.
              if (worker.state === 'redundant' && !registration.active) resolve('reload');
              if (worker.state === 'activated') claimMissed();
            });
          const watch = (registration: ServiceWorkerRegistration | undefined) => {
            if (!registration) {
              // The app registers its worker after the load event.
              setTimeout(() => void container.getRegistration().then(watch), 100);
              return;
            }
            if (registration.active?.state === 'activated') claimMissed();
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
    if (attempt >= reloads) throw new Error('the service worker did not take control of the page');
    await page.reload();
  }
}
