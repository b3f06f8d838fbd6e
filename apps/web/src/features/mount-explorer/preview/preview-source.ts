import { previewChoiceOf, previewReadsContent } from '../../file/preview-kind';
import type { PreviewSource } from '../../file/preview/preview-source';

/** The facts of a mount file a preview needs (from `GET /api/fs/get`). */
export interface PreviewedFile {
  name: string;
  mimetype: string | null;
  size: number;
}

/**
 * Whether a file's preview shows its content (an inline link) or only a download card (a
 * link that saves the file): one short-lived link serves either, so only one is asked for.
 */
export function linkKindOf(file: PreviewedFile): 'inline' | 'download' {
  const choice = previewChoiceOf(file.name, file.mimetype ?? '');
  return previewReadsContent(choice, file.size) ? 'inline' : 'download';
}

/**
 * The file page's preview source for a mount file read through a short-lived `link`. It has
 * no view limit; the Office viewers fetch the document from the link itself, so it is made
 * absolute against `origin` (local storage answers an origin-relative link).
 */
export function mountPreviewSource(
  file: PreviewedFile,
  link: string,
  origin: string,
): PreviewSource {
  return {
    filename: file.name,
    mimetype: file.mimetype ?? '',
    size: file.size,
    previewUrl: link,
    downloadUrl: link,
    publicUrl: new URL(link, origin).toString(),
    token: undefined,
    downloadable: true,
  };
}
