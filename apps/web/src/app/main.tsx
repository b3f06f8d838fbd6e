// Mantine's global sheets; each component's own comes with it (build/mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAuthStore, startAuth } from '../lib/auth';
import { browserPwaEnvironment, createPwaStore, startPwa } from '../pwa';
import { createI18n, initialLanguage, loadMessages } from '../lib/i18n';
import { startOfflineQueue } from '../lib/offline-queue';
import { installGlobalErrorFilter } from './errors/route-error';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

installGlobalErrorFilter();

// Only the language shown is downloaded before the first render; the other loads on a switch.
const language = initialLanguage();
await loadMessages(language);
const i18n = createI18n(language);
const queryClient = createQueryClient();
const router = createAppRouter();
const authStore = createAuthStore();
startAuth(authStore);
// After auth: what was queued offline is sent for the identity signed in.
const offlineQueue = startOfflineQueue(authStore);
const pwaStore = createPwaStore(browserPwaEnvironment);
// The service worker only in a build: the dev server's modules are not the files it caches.
startPwa(pwaStore, { register: import.meta.env.PROD });

createRoot(container).render(
  <StrictMode>
    <AppProviders
      i18n={i18n}
      queryClient={queryClient}
      authStore={authStore}
      pwaStore={pwaStore}
      offlineQueue={offlineQueue}
    >
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
