import { lazy } from 'react';

/**
 * The edit and preview dialogs bring CodeMirror and the Markdown renderer with them, so they
 * load the first time one is opened, never with the admin panel itself.
 */
export const LazyEditPasteDialog = lazy(() =>
  import('./EditPasteDialog').then((module) => ({ default: module.EditPasteDialog })),
);

/** See LazyEditPasteDialog. */
export const LazyPreviewDialog = lazy(() =>
  import('./PreviewDialog').then((module) => ({ default: module.PreviewDialog })),
);
