import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { preloadMessagePart, useMessagePart } from '../lib/i18n';
import { AuthGuard } from './auth/AuthGuard';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { AppLayout } from './layout/AppLayout';

// Each feature is its own chunk, reached only through its index.ts, so the main bundle
// carries the shell alone and later features do not slow the first paint.
const HomePage = lazy(() => import('../features/home').then((m) => ({ default: m.HomePage })));
const UploadPage = lazy(() =>
  import('../features/upload').then((m) => ({ default: m.UploadPage })),
);
const AdminPage = lazy(() =>
  Promise.all([import('../features/admin'), preloadMessagePart('admin')]).then(([m]) => ({
    default: m.AdminPage,
  })),
);
const PastePage = lazy(() => import('../features/paste').then((m) => ({ default: m.PastePage })));
const FilePage = lazy(() => import('../features/file').then((m) => ({ default: m.FilePage })));
const MountExplorerPage = lazy(() =>
  Promise.all([import('../features/mount-explorer'), preloadMessagePart('admin')]).then(([m]) => ({
    default: m.MountExplorerPage,
  })),
);

/** The signed-in pages' texts are a message part of their own (lib/i18n/resources.ts). */
function SignedInMessages({ children }: { children: ReactNode }) {
  useMessagePart('admin');
  return children;
}

const signedIn = (page: ReactNode) => <SignedInMessages>{page}</SignedInMessages>;

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
          { path: 'admin', element: signedIn(<AdminPage />) },
          { path: 'admin/:module', element: signedIn(<AdminPage />) },
          { path: 'mount-explorer', element: signedIn(<MountExplorerPage />) },
          { path: 'mount-explorer/*', element: signedIn(<MountExplorerPage />) },
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
