import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ANONYMOUS } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { DavAuthenticator } from './dav-auth.js';
import { DAV_CHALLENGE } from './dav-auth.js';
import { getOrHead, put } from './dav-content.js';
import type { DavCall, DavDeps } from './dav-context.js';
import { DavError } from './dav-error.js';
import { lock, unlock } from './dav-lock-methods.js';
import { DAV_PREFIX, davTargetOf } from './dav-paths.js';
import { propfind, proppatch } from './dav-propfind.js';
import { copyOrMove, mkcol, remove } from './dav-tree.js';
import { errorBody } from './dav-xml.js';

/** The methods WebDAV adds to HTTP; each may carry a body. */
const EXTENSION_METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'];
const METHODS = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...EXTENSION_METHODS];
const ALLOW = METHODS.join(', ');

type Handler = (deps: DavDeps, call: DavCall) => Promise<void>;

const HANDLERS: Record<string, Handler> = {
  GET: getOrHead,
  HEAD: getOrHead,
  PUT: put,
  DELETE: remove,
  MKCOL: mkcol,
  PROPFIND: propfind,
  PROPPATCH: proppatch,
  COPY: (deps, call) => copyOrMove(deps, call, false),
  MOVE: (deps, call) => copyOrMove(deps, call, true),
  LOCK: lock,
  UNLOCK: unlock,
};

/** AppError codes whose WebDAV answer differs from the API's status. */
function statusOfAppError(err: AppError): number {
  if (err.code === 'ALREADY_EXISTS') return 405;
  return err.status;
}

/**
 * WebDAV at /dav (class 1 and 2) over the same mount space, gate, limits and announcements as
 * the fs API. The routes live in their own scope: no body parser runs (each method reads its
 * body itself: XML up to 1 MiB, or a PUT streamed into storage), and errors are WebDAV answers
 * (a status, a `<D:error>` naming the condition, or a plain message), not the API envelope.
 */
export async function registerDavRoutes(
  app: FastifyInstance,
  deps: DavDeps & { auth: DavAuthenticator; logger: Pick<Logger, 'error'> },
): Promise<void> {
  for (const method of EXTENSION_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    // Leaves every body unread: handlers stream or read it themselves.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.setErrorHandler((err, request, reply) => answerError(err, request, reply, deps.logger));

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'OPTIONS') {
        await reply
          .code(200)
          .headers({ DAV: '1, 2', Allow: ALLOW, 'MS-Author-Via': 'DAV', 'Content-Length': '0' })
          .send();
        return;
      }
      const actor = await deps.auth.authenticate(request.headers.authorization, request.ip);
      if (actor === ANONYMOUS) throw new DavError(401, 'sign in');
      // For the request's log line (its identity); the handlers receive the actor themselves.
      request.actor = actor;
      const handler = HANDLERS[request.method];
      if (!handler) throw new DavError(405, `${request.method} is not a WebDAV method here`);
      const target = davTargetOf(request.raw.url ?? DAV_PREFIX);
      await handler(deps, { request, reply, actor, target });
    };
    for (const url of [DAV_PREFIX, `${DAV_PREFIX}/*`]) {
      scope.route({
        method: METHODS,
        url,
        exposeHeadRoute: false,
        config: { webdav: true },
        handler: handle,
      });
    }
    done();
  });
}

function answerError(
  err: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Pick<Logger, 'error'>,
): FastifyReply {
  let status = 500;
  let message = 'internal error';
  let headers: Record<string, string> = {};
  let body: string | undefined;
  if (err instanceof DavError) {
    status = err.status;
    message = err.message;
    headers = err.headers ?? {};
    if (err.condition) body = errorBody(err.condition, err.hrefs);
  } else if (err instanceof AppError) {
    status = statusOfAppError(err);
    message = err.message;
    headers = err.headers ?? {};
    if (status === 401) headers['WWW-Authenticate'] = DAV_CHALLENGE;
  } else {
    const clientError = (err as { statusCode?: number }).statusCode;
    if (clientError !== undefined && clientError >= 400 && clientError < 500) {
      status = clientError;
      message = (err as Error).message;
    } else {
      logger.error({ err, reqId: request.id }, 'WebDAV request failed');
    }
  }
  void reply.code(status).headers(headers).header('Cache-Control', 'no-store');
  if (request.method === 'HEAD') return reply.send();
  if (body !== undefined)
    return reply.header('Content-Type', 'application/xml; charset=utf-8').send(body);
  return reply.header('Content-Type', 'text/plain; charset=utf-8').send(`${message}\n`);
}
