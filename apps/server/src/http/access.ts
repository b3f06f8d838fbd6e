import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { constantTimeEqual, sha256Hex } from '../lib/secrets.js';
import { ANONYMOUS, type Actor, type AdminActor, type ApiKeyActor } from '../core/actor.js';
import { accessDenial, type Access } from '../core/access-policy.js';
import { parseAuthorization, type PresentedCredentials } from './authorization-header.js';
import { apiAnswerHeaders, isSubresourcePath, subresourceHeaders } from './security-headers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; resolved from the Authorization header before the route runs. */
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Who may call this route. Every /api route must declare it (checked at start). */
    access?: Access;
    /**
     * A WebDAV route: it authenticates its own callers (Basic included, with WebDAV's 401),
     * so this hook only sets the headers.
     */
    webdav?: boolean;
    /**
     * The metrics scrape (GET /metrics): the administrator's session or the metrics token
     * (METRICS_TOKEN) as `Bearer`; an API key is refused without being looked up, so a scrape
     * attempt never touches a key's last use.
     */
    scrape?: boolean;
  }
}

/** How presented credentials become an actor (the auth and API-key services). */
export interface ActorResolvers {
  session(token: string): Promise<AdminActor>;
  /** May answer synchronously (a cached key), sparing the request a promise. */
  apiKey(key: string): ApiKeyActor | Promise<ApiKeyActor>;
  /** The metrics token (METRICS_TOKEN), when one is configured. */
  metricsToken?: string | undefined;
}

/** Who a request came from, as its log line names it (never the key or token itself). */
export type Identity = 'admin' | 'api_key' | 'guest' | 'metrics_token';

/** Requests let in by the metrics token: no actor stands behind them. */
const scrapedWithToken = new WeakSet<FastifyRequest>();

export function identityOf(request: FastifyRequest): Identity {
  if (scrapedWithToken.has(request)) return 'metrics_token';
  // null when the request failed before its credentials were read (a malformed header).
  const actor = request.actor as Actor | null;
  if (actor?.kind === 'admin') return 'admin';
  if (actor?.kind === 'apikey') return 'api_key';
  return 'guest';
}

/** Compares in constant time: both sides are hashed first, so their lengths never leak either. */
function sameSecret(presented: string, expected: string): boolean {
  return constantTimeEqual(sha256Hex(presented), sha256Hex(expected));
}

const DENIAL_MESSAGES = {
  UNAUTHORIZED: 'sign in or present an API key',
  ADMIN_ONLY: 'only the administrator may do this',
  PERMISSION_DENIED: 'this API key lacks the permission this needs',
} as const;

/**
 * Access control for every route: each /api route must declare `config.access` (the server
 * refuses to start otherwise, so no route can forget it), and each request is checked against
 * it after its credentials are resolved, before its body is even read.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolvers: ActorResolvers,
  /** Headers every response carries (the security headers, computed once). */
  responseHeaders: Readonly<Record<string, string>>,
): void {
  // Fastify refuses shared object defaults; null is replaced in the first hook of every request.
  app.decorateRequest('actor', null as never);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi && route.config?.access === undefined) {
      throw new Error(
        `route ${String(route.method)} ${url} declares no access rule (config.access)`,
      );
    }
  });

  const assetHeaders = subresourceHeaders(responseHeaders);
  // API answers are personal (sessions, keys, settings, unlocked pastes): no cache keeps them
  // unless a route says otherwise (file content sets its own validators).
  const apiHeaders = apiAnswerHeaders(responseHeaders);
  // Callback-style with a synchronous path for anonymous requests: most traffic carries no
  // credentials and should not pay for a promise.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(
      request.routeOptions.config.access !== undefined
        ? apiHeaders
        : isSubresourcePath(request.url)
          ? assetHeaders
          : responseHeaders,
    );
    // The request id every log line of this request carries, for support.
    void reply.header('x-request-id', request.id);
    if (request.routeOptions.config.webdav === true) {
      request.actor = ANONYMOUS;
      done();
      return;
    }
    let credentials: PresentedCredentials | null;
    try {
      credentials = parseAuthorization(request.headers.authorization);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (request.routeOptions.config.scrape === true) {
      scrapeAccess(request, credentials).then(
        (denial) => done(denial),
        (err: Error) => done(err),
      );
      return;
    }
    if (credentials === null) {
      request.actor = ANONYMOUS;
      done(checkAccess(request));
      return;
    }
    let resolved: Actor | Promise<Actor>;
    try {
      resolved =
        credentials.scheme === 'bearer'
          ? resolvers.session(credentials.token)
          : resolvers.apiKey(credentials.key);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (!(resolved instanceof Promise)) {
      request.actor = resolved;
      done(checkAccess(request));
      return;
    }
    resolved.then(
      (actor) => {
        request.actor = actor;
        done(checkAccess(request));
      },
      (err: Error) => done(err),
    );
  });

  /** The scrape's own rule: the metrics token, or the admin's session; nobody else. */
  async function scrapeAccess(
    request: FastifyRequest,
    credentials: PresentedCredentials | null,
  ): Promise<AppError | undefined> {
    request.actor = ANONYMOUS;
    if (credentials === null) {
      return new AppError('UNAUTHORIZED', 'present the metrics token or an admin session');
    }
    if (credentials.scheme === 'apikey') {
      return new AppError('ADMIN_ONLY', 'API keys may not read the metrics');
    }
    const token = resolvers.metricsToken;
    if (token !== undefined && sameSecret(credentials.token, token)) {
      scrapedWithToken.add(request);
      return undefined;
    }
    // Not the metrics token: an admin session, or SESSION_INVALID (401).
    request.actor = await resolvers.session(credentials.token);
    return undefined;
  }
}

/** The route's access rule applied to the resolved actor: an error to answer, or undefined. */
function checkAccess(request: FastifyRequest): AppError | undefined {
  const access = request.routeOptions.config.access;
  if (access === undefined) return undefined; // not an API route: static files, 404s
  const denial = accessDenial(request.actor, access);
  return denial ? new AppError(denial, DENIAL_MESSAGES[denial]) : undefined;
}

/** The admin behind an 'admin' route (the access check already guaranteed it). */
export function adminActor(request: FastifyRequest): AdminActor {
  if (request.actor.kind !== 'admin') throw new AppError('ADMIN_ONLY', DENIAL_MESSAGES.ADMIN_ONLY);
  return request.actor;
}
