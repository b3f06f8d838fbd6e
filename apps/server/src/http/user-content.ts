import { FALLBACK_MEDIA_TYPE, mediaTypeEssence, normaliseMediaType } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../lib/content-disposition.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's user-content policy, built once at start (installUserContentPolicy). */
    userContent: UserContentPolicy;
  }
}

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

/**
 * The parts of the user-content headers that depend on the configuration (CORS_ORIGINS),
 * built once per server by userContentPolicy; an answer only picks among them.
 */
export interface UserContentPolicy {
  readonly passiveCsp: string;
  readonly pdfCsp: string;
  /** Extra headers of an inline answer: none on the app origin alone (helmet's CORP holds). */
  readonly inlineExtra: Readonly<Record<string, string>>;
}

// Passive content may be framed by the app (previews) and may show its own images and media;
// the sandbox gives a document made of it an opaque origin with no scripts, should a browser
// ever render it as one.
const PASSIVE_DIRECTIVES =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
// A download is never a document of ours: no sandbox escape, nothing to load, no framing.
const ATTACHMENT_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/**
 * The user-content policy for the origins the web app is hosted on apart from this server
 * (CORS_ORIGINS; none → the app origin alone, as without them). Their pages may frame a
 * preview (`frame-ancestors` lists exactly them beside 'self') and embed an image or a video
 * of it. Cross-Origin-Resource-Policy cannot name origins: it is `same-origin`, `same-site` or
 * `cross-origin`, so embedding from another site needs `cross-origin`, which lets any page
 * embed the answer. That opens nothing new: an inline answer is reached only through its slug
 * (and password token or view limit), which is already what guards it, and any page could
 * link to or open it anyway; CORS still keeps its bytes from other origins' scripts.
 * Attachments keep `same-origin`: no page embeds a download.
 */
export function userContentPolicy(origins: readonly string[]): UserContentPolicy {
  const frameAncestors = ["frame-ancestors 'self'", ...origins].join(' ');
  const inlineExtra: Record<string, string> =
    origins.length === 0 ? {} : { 'Cross-Origin-Resource-Policy': 'cross-origin' };
  return Object.freeze({
    passiveCsp: `${PASSIVE_DIRECTIVES}; ${frameAncestors}`,
    // Chromium's PDF viewer is a plugin, and a sandboxed document may not load plugins: a PDF
    // keeps the scripts of its viewer (not of our origin) and gets no sandbox, only the frame
    // rule.
    pdfCsp: frameAncestors,
    inlineExtra: Object.freeze(inlineExtra),
  });
}

/** The policy of a server without CORS_ORIGINS: previews on the app origin only. */
export const SAME_ORIGIN_USER_CONTENT = userContentPolicy([]);

/**
 * Builds the policy for CORS_ORIGINS once and makes it `app.userContent` for every route that
 * serves user content (and the plugins registered after it), so an answer pays nothing for it.
 */
export function installUserContentPolicy(app: FastifyInstance, origins: readonly string[]): void {
  app.decorate('userContent', userContentPolicy(origins));
}

/**
 * The headers of every answer whose body a user wrote or uploaded: the type in its normal form
 * (an older row stored unnormalised is normalised here too, so it can never break the header),
 * inline only for passive types asked to be viewed, nosniff, a CSP and no referrer.
 * (X-Frame-Options stays SAMEORIGIN on inline answers for browsers without `frame-ancestors`;
 * browsers that know it ignore X-Frame-Options when the CSP has it.)
 */
export function userContentHeaders(
  storedType: string,
  use: UserContentUse,
  filename?: string,
  policy: UserContentPolicy = SAME_ORIGIN_USER_CONTENT,
): Record<string, string> {
  const contentType = normaliseMediaType(storedType) ?? FALLBACK_MEDIA_TYPE;
  const inline = use === 'view' && isInlineSafe(contentType);
  const pdf = mediaTypeEssence(contentType) === 'application/pdf';
  return {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': !inline ? ATTACHMENT_CSP : pdf ? policy.pdfCsp : policy.passiveCsp,
    'X-Frame-Options': inline ? 'SAMEORIGIN' : 'DENY',
    'Referrer-Policy': 'no-referrer',
    ...(inline ? policy.inlineExtra : {}),
  };
}
