import type { FastifyInstance, FastifyReply } from 'fastify';

/** Every method the API has (SPEC §7), and HEAD for downloads. */
export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/**
 * Request headers the web app sends: credentials, JSON or upload bodies, ranged media reads,
 * the headers a signed local-storage PUT carries. (Accept and Content-Language are
 * CORS-safelisted and need no mention, but Content-Type with a JSON value does.) The upload
 * steps after an init carry the init's secret in X-Upload-Secret; the offline queue's replays
 * carry an Idempotency-Key.
 */
export const CORS_ALLOWED_HEADERS =
  'Authorization, Content-Type, Range, If-None-Match, If-Range, X-Upload-Secret, Idempotency-Key';
/** Response headers the app (or a browser saving a file) reads beyond the safelisted ones. */
export const CORS_EXPOSED_HEADERS =
  'Content-Range, Content-Disposition, Content-Length, Accept-Ranges, ETag, Retry-After, X-Request-Id, Idempotent-Replayed';
/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 7200;

/**
 * Cross-origin access for the web app hosted apart from the server (CORS_ORIGINS): a request
 * whose Origin is listed gets that origin echoed back with `Vary: Origin`; a preflight from it
 * is answered at once, before access control and body handling. Other origins get no CORS
 * headers, and with no origins configured nothing is installed at all. Credentials travel in
 * the Authorization header, never in cookies, so no `Access-Control-Allow-Credentials`.
 * Installed first, so even answers that hooks send early (401, 413, 408) carry the headers.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) {
      done();
      return;
    }
    void reply.header('access-control-allow-origin', origin);
    const preflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (!preflight) {
      void reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
      done();
      return;
    }
    void reply
      .code(204)
      .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
      .send();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    addVaryOrigin(reply);
    done(null, payload);
  });
}

/**
 * Adds `Origin` to the answer's Vary, whichever origin asked: a cache must not hand one
 * origin's answer to another. Kept beside a Vary the route set on the raw response (the
 * static files' Accept-Encoding), since Fastify's own header would replace that one.
 */
function addVaryOrigin(reply: FastifyReply): void {
  const names = [reply.getHeader('vary'), reply.raw.getHeader('vary')]
    .flatMap((value) => (value === undefined ? [] : String(value).split(',')))
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*')) return;
  const merged = new Map(names.map((name) => [name.toLowerCase(), name]));
  if (!merged.has('origin')) merged.set('origin', 'Origin');
  void reply.header('vary', [...merged.values()].join(', '));
}
