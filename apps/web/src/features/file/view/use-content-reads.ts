import type { PublicFile } from '@pasteport/contract';
import { useState } from 'react';
import { previewChoiceOf, previewReadsContent } from '../preview-kind';
import { shownViews } from './view-count';

/**
 * Counts this visit's content reads, which the server counts as views: the preview (loaded at
 * once for files without a view limit, on request for the others) and each download. Reads
 * are counted on top of `file` as it is; a new `file` (the answer of a save, which already
 * includes them) starts the count again.
 */
export function useContentReads(file: PublicFile) {
  const [previewStarted, setPreviewStarted] = useState(
    () =>
      file.remaining_views === null &&
      previewReadsContent(previewChoiceOf(file.filename, file.mimetype), file.size),
  );
  const [count, setCount] = useState({ base: file, reads: previewStarted ? 1 : 0 });
  const reads = count.base === file ? count.reads : 0;

  const countRead = () =>
    setCount((current) => ({ base: file, reads: (current.base === file ? current.reads : 0) + 1 }));
  const startPreview = () => {
    if (previewStarted) return;
    setPreviewStarted(true);
    countRead();
  };
  return { previewStarted, startPreview, countRead, ...shownViews(file, reads) };
}
