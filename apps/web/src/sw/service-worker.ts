/// <reference lib="webworker" />
/*
 * Pasteport's service worker (built by vite-plugin-pwa's injectManifest with Workbox). Every
 * caching rule is here and nowhere else:
 *   - the app shell (index.html, the scripts and styles it loads, both locales, icons) is
 *     precached and answers every page navigation, so the app opens offline;
 *   - other hashed files under /assets/ (page chunks, the editor, renderers, fonts) are cached
 *     the first time they are used and served from the cache after (their names change with
 *     their content, so a cached copy is never stale);
 *   - /config.js is fetched network-first (static hosts edit it in place);
 *   - nothing else is touched: /api/* and /dav/* always go to the network, so no answer is
 *     ever served stale or to another identity (offline reads of pastes, files and folders are
 *     the app's own, in IndexedDB, per identity);
 *   - POST /share-target (the manifest's share target) is answered here.
 * A new version waits until the person chooses "reload to update" (SKIP_WAITING).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ASSETS_CACHE, CONFIG_CACHE, isServiceWorkerMessage } from '../pwa/shared/sw-messages';
import { SHARE_TARGET_PATH } from '../pwa/shared/share-target-store';
import { isAssetRequest, isConfigRequest, NAVIGATION_DENYLIST } from './routes';
import { answerShareTarget } from './share-target';

declare const self: ServiceWorkerGlobalScope;

// Before Workbox's listeners: the share target is a POST, which no Workbox route answers.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === 'POST' &&
    url.origin === self.location.origin &&
    url.pathname === SHARE_TARGET_PATH
  ) {
    event.respondWith(answerShareTarget(event.request));
  }
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
);

const assets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
});
registerRoute(({ url }) => isAssetRequest(url, self.location.origin), assets);

const config = new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 4 });
registerRoute(({ url }) => isConfigRequest(url, self.location.origin), config);

self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isServiceWorkerMessage(message)) return;
  if (message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  // Files the first visit loaded before this worker controlled the page: fetched once more
  // through the same strategies, which store them (a file already cached is not fetched).
  const work = message.urls.map(async (href) => {
    const url = new URL(href, self.location.origin);
    const strategy = isAssetRequest(url, self.location.origin)
      ? assets
      : isConfigRequest(url, self.location.origin)
        ? config
        : undefined;
    if (strategy)
      await strategy.handle({ request: new Request(url.href), event }).catch(() => undefined);
  });
  event.waitUntil(Promise.all(work));
});

// The first install takes the open pages at once (there is nothing older to wait for); an
// update waits for SKIP_WAITING.
clientsClaim();
