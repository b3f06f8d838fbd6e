import type { OfficeSource } from '../view/office';

/** What a preview needs to know of its file: a file share's, or any file's with its links. */
export interface PreviewSource {
  /** The file share's slug; the Office preview asks the server for a public link by it. */
  slug?: string;
  /**
   * A public, short-lived address of the file (a mount file's link). When set, the Office
   * viewer reads the document from it instead of asking for a link by slug.
   */
  publicUrl?: string;
  filename: string;
  mimetype: string;
  size: number;
  /** Inline link (counted); carries the access token of an unlocked file. */
  previewUrl: string;
  downloadUrl: string;
  /** The verify token of a password file, for the Office preview link (memory only). */
  token: string | undefined;
  /** False once the file's views are used up: the links lead nowhere. */
  downloadable: boolean;
}

/** What the Office viewer previews: the public link when there is one, else the share's slug. */
export function officeSourceOf(source: PreviewSource): OfficeSource {
  return source.publicUrl ? { directUrl: source.publicUrl } : (source.slug ?? '');
}
