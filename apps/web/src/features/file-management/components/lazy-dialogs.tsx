import { lazy } from 'react';

/**
 * The dialogs shared with the file page (preview, edit, QR) come from the file feature, which
 * brings the previews and the Markdown renderer: they load the first time one is opened,
 * never with the admin panel itself.
 */
export const LazyPreviewFileDialog = lazy(() =>
  import('./PreviewFileDialog').then((module) => ({ default: module.PreviewFileDialog })),
);

/** See LazyPreviewFileDialog. */
export const LazyEditFileDialog = lazy(() =>
  import('../../file').then((module) => ({ default: module.EditFileDialog })),
);

/** See LazyPreviewFileDialog. */
export const LazyFileQrDialog = lazy(() =>
  import('../../file').then((module) => ({ default: module.FileQrDialog })),
);
