import { FALLBACK_MEDIA_TYPE, mediaTypeEssence, normaliseMediaType } from '@pasteport/contract';
import { contentDisposition } from '../lib/content-disposition.js';

/** Why user content is sent: shown in the page (`view`) or saved by the browser (`download`). */
export type UserContentUse = 'view' | 'download';

/**
 * The only types shown inline on the app origin: passive ones that no browser runs as a
 * document (images but SVG, audio, video, PDF, plain text). An allowlist, so a type nobody
 * thought of — `text/xsl`, `application/xhtml+xml`, `text/plain, text/html` — is a download.
 */
const INLINE_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/apng',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** True when a stored type may be shown inline on the app origin (see INLINE_IMAGES). */
export function isInlineSafe(contentType: string): boolean {
  const essence = mediaTypeEssence(contentType);
  return (
    INLINE_IMAGES.has(essence) ||
    essence === 'application/pdf' ||
    essence === 'text/plain' ||
    /^(audio|video)\/[^/]+$/.test(essence)
  );
}

// Passive content may be framed by the app (previews) and may show its own images and media;
// the sandbox gives a document made of it an opaque origin with no scripts, should a browser
// ever render it as one.
const PASSIVE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
// Chromium's PDF viewer is a plugin, and a sandboxed document may not load plugins: a PDF keeps
// the scripts of its viewer (not of our origin) and gets no sandbox, only the frame rule.
const PDF_CSP = "frame-ancestors 'self'";
// A download is never a document of ours: no sandbox escape, nothing to load, no framing.
const ATTACHMENT_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/**
 * The headers of every answer whose body a user wrote or uploaded: the type in its normal form
 * (an older row stored unnormalised is normalised here too, so it can never break the header),
 * inline only for passive types asked to be viewed, nosniff, a CSP and no referrer.
 */
export function userContentHeaders(
  storedType: string,
  use: UserContentUse,
  filename?: string,
): Record<string, string> {
  const contentType = normaliseMediaType(storedType) ?? FALLBACK_MEDIA_TYPE;
  const inline = use === 'view' && isInlineSafe(contentType);
  const pdf = mediaTypeEssence(contentType) === 'application/pdf';
  return {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': !inline ? ATTACHMENT_CSP : pdf ? PDF_CSP : PASSIVE_CSP,
    'X-Frame-Options': inline ? 'SAMEORIGIN' : 'DENY',
    'Referrer-Policy': 'no-referrer',
  };
}
