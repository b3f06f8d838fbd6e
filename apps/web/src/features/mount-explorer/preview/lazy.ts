import { lazy } from 'react';

/**
 * The file page's previews (and the Markdown renderer behind them): loaded the first time a
 * file is previewed, never with the listing.
 */
export const LazyFilePreview = lazy(() =>
  import('../../file').then((module) => ({ default: module.FilePreview })),
);

/** The CodeMirror editor: loaded only when a file is edited. */
export const LazyTextEditor = lazy(() =>
  import('../../editor').then((module) => ({ default: module.MarkdownEditor })),
);
