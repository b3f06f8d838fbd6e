import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { preloadMessageParts, useMessageParts, type MessagePart } from '../lib/i18n';
import { AuthGuard } from './auth/AuthGuard';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { AppLayout } from './layout/AppLayout';

// Each feature is its own chunk, reached only through its index.ts, so the main bundle
// carries the shell alone and later features do not slow the first paint.
const HomePage = lazy(() => import('../features/home').then((m) => ({ default: m.HomePage })));
const UploadPage = lazy(() =>
  import('../features/upload').then((m) => ({ default: m.UploadPage })),
);
/** The message parts (lib/i18n/resources.ts) each signed-in page shows besides the core. */
const ADMIN_PARTS: readonly MessagePart[] = ['admin'];
const EXPLORER_PARTS: readonly MessagePart[] = ['admin', 'explorer'];

// A signed-in page's chunk and its texts download together, not one after the other.
const AdminPage = lazy(() =>
  Promise.all([import('../features/admin'), preloadMessageParts(ADMIN_PARTS)]).then(([m]) => ({
    default: m.AdminPage,
  })),
);
const PastePage = lazy(() => import('../features/paste').then((m) => ({ default: m.PastePage })));
const FilePage = lazy(() => import('../features/file').then((m) => ({ default: m.FilePage })));
const MountExplorerPage = lazy(() =>
  Promise.all([import('../features/mount-explorer'), preloadMessageParts(EXPLORER_PARTS)]).then(
    ([m]) => ({ default: m.MountExplorerPage }),
  ),
);

/** Renders `children` once the message parts they show are there (suspending until then). */
function WithMessages({ parts, children }: { parts: readonly MessagePart[]; children: ReactNode }) {
  useMessageParts(parts);
  return children;
}

const adminPage = (
  <WithMessages parts={ADMIN_PARTS}>
    <AdminPage />
  </WithMessages>
);
const explorerPage = (
  <WithMessages parts={EXPLORER_PARTS}>
    <MountExplorerPage />
  </WithMessages>
);

/** Every route of SPEC §2 inside the app frame; anything else goes to Home. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // SPEC §8: a render error or a page chunk that fails to load gets our page, not the router's.
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'upload', element: <UploadPage /> },
      { path: 'paste/:slug', element: <PastePage /> },
      { path: 'file/:slug', element: <FilePage /> },
      {
        // SPEC §5: these routes re-validate the session and turn away keys that may not enter.
        element: <AuthGuard />,
        children: [
          { path: 'admin', element: adminPage },
          { path: 'admin/:module', element: adminPage },
          { path: 'mount-explorer', element: explorerPage },
          { path: 'mount-explorer/*', element: explorerPage },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The browser router of the running app (tests use a memory router over appRoutes). */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
