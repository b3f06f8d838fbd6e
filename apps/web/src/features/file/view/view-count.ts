import type { PublicFile } from '@pasteport/contract';

/** Views and views left as they stand after this visit's own content reads. */
export interface ShownViews {
  views: number;
  /** Null when the file may be read without limit. */
  remaining: number | null;
}

/**
 * The facts were read before any content: each preview load or download this visit started
 * is one more view (the server counts content reads, not the facts).
 */
export function shownViews(
  file: Pick<PublicFile, 'views' | 'remaining_views'>,
  reads: number,
): ShownViews {
  return {
    views: file.views + reads,
    remaining: file.remaining_views === null ? null : Math.max(0, file.remaining_views - reads),
  };
}
