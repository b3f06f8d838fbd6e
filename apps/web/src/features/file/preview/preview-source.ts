/** What a preview needs to know of its file. */
export interface PreviewSource {
  slug: string;
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
