import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AuthGuard } from './auth/AuthGuard';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { AppLayout } from './layout/AppLayout';

// Each feature is its own chunk, reached only through its index.ts, so the main bundle
// carries the shell alone and later features do not slow the first paint.
const HomePage = lazy(() => import('../features/home').then((m) => ({ default: m.HomePage })));
const UploadPage = lazy(() =>
  import('../features/upload').then((m) => ({ default: m.UploadPage })),
);
const AdminPage = lazy(() => import('../features/admin').then((m) => ({ default: m.AdminPage })));
const PastePage = lazy(() => import('../features/paste').then((m) => ({ default: m.PastePage })));
const FilePage = lazy(() => import('../features/file').then((m) => ({ default: m.FilePage })));
const MountExplorerPage = lazy(() =>
  import('../features/mount-explorer').then((m) => ({ default: m.MountExplorerPage })),
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
          { path: 'admin', element: <AdminPage /> },
          { path: 'admin/:module', element: <AdminPage /> },
          { path: 'mount-explorer', element: <MountExplorerPage /> },
          { path: 'mount-explorer/*', element: <MountExplorerPage /> },
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
