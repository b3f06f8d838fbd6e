import helmet, { type HelmetOptions } from 'helmet';

/**
 * The app's Content-Security-Policy. Scripts only from our origin; inline styles are needed by
 * Mantine's CSS variables; images may come from anywhere because pastes embed remote images.
 * User content (raw pastes, uploaded files) is served elsewhere with `sandbox` instead.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Images and media may also come over plain http: the explorer shows a mount's images and
  // plays its media straight from the storage's presigned links, and an S3-compatible
  // endpoint on a LAN or loopback (MinIO) is often http. Both are passive; an https page
  // upgrades or blocks them as mixed content.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  // URL upload (SPEC §4) downloads the remote file in the browser first; scripts stay limited
  // to our own origin, so this opens no way for injected code to run.
  connectSrc: ["'self'", 'https:', 'http:'],
  // Audio and video previews come from the API's host, which the environment switcher may point
  // at another server, or from a mount's storage; media is as passive as images.
  mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
  // The online viewers the file page embeds for Office documents (SPEC §2 File view). Not
  // widened for another API host: the switcher's host is chosen in the browser (any address),
  // so only `https:` would cover it, and that would let injected markup frame any page inside
  // ours. PDF previews from another host are the one thing that stays blocked
  // (docs/SECURITY.md); a static host of the app sets its own CSP naming its API.
  frameSrc: ["'self'", 'https://view.officeapps.live.com', 'https://docs.google.com'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Loopback installs run on plain http; upgrading would break every subresource there.
  upgradeInsecureRequests: null,
};

function helmetOptions(httpsPublicUrl: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    // Remote images in pastes would be blocked by COEP; nothing here needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: httpsPublicUrl
      ? { maxAge: 15_552_000, includeSubDomains: false }
      : false,
    // Share links are secrets of a kind: a paste's remote image or link must not learn the
    // page's URL, so no page of the app sends a Referer anywhere.
    referrerPolicy: { policy: 'no-referrer' },
  };
}

/**
 * Runs helmet once against a stand-in response and keeps the headers it sets. Our policy has
 * no per-request part (no nonces), so recomputing it for every request — what the Fastify
 * plugin does — only costs throughput (measured: −60 % req/s on a JSON route).
 */
export function computeSecurityHeaders(httpsPublicUrl: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  interface HeaderSink {
    setHeader(name: string, value: string | number | readonly string[]): void;
    removeHeader(name: string): void;
  }
  const res: HeaderSink = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  const middleware = helmet(helmetOptions(httpsPublicUrl)) as unknown as (
    req: object,
    res: HeaderSink,
    next: (err?: unknown) => void,
  ) => void;
  middleware({}, res, (err) => (failure = err));
  if (failure instanceof Error) throw failure;
  if (failure !== undefined) throw new Error('helmet rejected the security header options');
  return Object.freeze(headers);
}

/**
 * Hashed scripts, style sheets and fonts of the web build (apps/web/dist/assets). No browser
 * renders them as a document and none is a worker script, so the document-only headers (CSP,
 * framing, COOP, …) mean nothing on them; left out, a first visit's ~40 of them each carry
 * ~700 bytes less. SVG and HTML files keep every header: those can be documents.
 */
const SUBRESOURCE_PATH = /^\/assets\/[^?#]+\.(?:js|css|woff2?|ttf)(?:[?#]|$)/;

/** True for a request of a build script, style sheet or font (see SUBRESOURCE_PATH). */
export function isSubresourcePath(url: string): boolean {
  return url.startsWith('/assets/') && SUBRESOURCE_PATH.test(url);
}

/** The headers that still matter on a subresource: no sniffing, no cross-origin use, no referrer, HSTS. */
const SUBRESOURCE_HEADERS = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
];

/** The part of the security headers a subresource answer carries (see isSubresourcePath). */
export function subresourceHeaders(
  headers: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.includes(name)),
    ),
  );
}

/**
 * An API answer is data, never a page: if a browser opens one, it may load nothing and be
 * framed by nothing. Answers that are documents (user content) set their own CSP.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers of an /api answer: the subresource set plus a CSP that allows nothing,
 * and `no-store` (answers are personal unless a route says otherwise). The app's long policy,
 * COOP, X-Frame-Options and the other document-only headers mean nothing on JSON; left out,
 * every API answer is ~600 bytes and eight headers lighter.
 */
export function apiAnswerHeaders(
  headers: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  return Object.freeze({
    ...subresourceHeaders(headers),
    'content-security-policy': API_CSP,
    'cache-control': 'no-store',
  });
}
