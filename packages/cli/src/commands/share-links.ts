import { UsageError } from '../errors.js';

export type ShareKind = 'paste' | 'file';

export interface ShareRef {
  slug: string;
  /** Known from a link's path (/paste/… or /file/…); a bare slug may be either. */
  kind: ShareKind | undefined;
  /** The server of a link (origin), when a link was given. */
  origin: string | undefined;
}

/**
 * A slug or a share link as the web shows them: `/paste/{slug}` and `/file/{slug}` pages, or a
 * bare slug.
 */
export function parseShareRef(input: string): ShareRef {
  const text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new UsageError(`${input} is not a valid link`);
    }
    const match = /\/(paste|file)\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) throw new UsageError(`${input} is not a paste or file link`);
    return {
      slug: decodeURIComponent(match[2]!),
      kind: match[1] as ShareKind,
      origin: url.origin,
    };
  }
  // A server without PUBLIC_URL answers links relative to itself.
  const relative = /^\/(paste|file)\/([^/?#]+)\/?$/.exec(text);
  if (relative) {
    return {
      slug: decodeURIComponent(relative[2]!),
      kind: relative[1] as ShareKind,
      origin: undefined,
    };
  }
  if (text === '' || text.includes('/')) throw new UsageError(`${input} is not a slug or a link`);
  return { slug: text, kind: undefined, origin: undefined };
}
