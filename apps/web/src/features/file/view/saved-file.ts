import type { FileDetail, PublicFile } from '@pasteport/contract';

/**
 * A content link with the file's new slug in place of the old one (its last path segment),
 * keeping the query (the access token of an unlocked file).
 */
export function withSlugInLink(link: string, oldSlug: string, newSlug: string): string {
  if (oldSlug === newSlug) return link;
  const url = new URL(link, window.location.origin);
  const segments = url.pathname.split('/');
  const last = segments.length - 1;
  if (decodeURIComponent(segments[last] ?? '') !== oldSlug) return link;
  segments[last] = encodeURIComponent(newSlug);
  url.pathname = segments.join('/');
  // Same-origin links stay relative, as the server wrote them.
  return link.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

/** The shown file after an edit: the PUT answer's fields over what the page read. */
export function withSavedDetail(file: PublicFile, saved: FileDetail): PublicFile {
  return {
    ...file,
    slug: saved.slug,
    filename: saved.filename,
    size: saved.size,
    mimetype: saved.mimetype,
    remark: saved.remark,
    has_password: saved.has_password,
    expires_at: saved.expires_at,
    max_views: saved.max_views,
    views: saved.views,
    remaining_views: saved.max_views === 0 ? null : Math.max(0, saved.max_views - saved.views),
    preview_url: withSlugInLink(file.preview_url, file.slug, saved.slug),
    download_url: withSlugInLink(file.download_url, file.slug, saved.slug),
  };
}
