import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import type { PasteService } from './paste.service.js';

/** 10 MB of content can take several times that as escaped JSON; the service enforces 10 MB. */
const CREATE_BODY_LIMIT = 64 * 1024 * 1024;

/** Raw text is user content: never rendered or sniffed on the app origin. */
const RAW_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Create, open, unlock and raw (SPEC §7 Pastes). Anyone may call; the service decides. */
export function registerPasteRoutes(app: FastifyInstance, pastes: PasteService): void {
  route(
    app,
    endpoints.createPaste,
    { bodyLimit: CREATE_BODY_LIMIT },
    async (request, reply, { body }) =>
      sendData(reply, await pastes.create(request.actor, body), 201),
  );

  route(app, endpoints.openPaste, { exposeHeadRoute: false }, async (request, reply, { params }) =>
    sendData(
      reply.header('cache-control', 'no-store'),
      await pastes.open(request.actor, params.slug),
    ),
  );

  route(app, endpoints.unlockPaste, {}, async (request, reply, { params, body }) =>
    sendData(
      reply.header('cache-control', 'no-store'),
      await pastes.unlock(request.actor, params.slug, body.password, request.ip),
    ),
  );

  route(
    app,
    endpoints.rawPaste,
    { exposeHeadRoute: false },
    async (request, reply, { params, query }) => {
      const view = await pastes.unlock(request.actor, params.slug, query.password, request.ip);
      return reply.headers(RAW_HEADERS).send(view.content);
    },
  );

  // HEAD answers from metadata and never counts a view.
  route(app, endpoints.rawPasteHead, {}, async (request, reply, { params, query }) => {
    const { sizeBytes } = await pastes.head(params.slug, query.password, request.ip);
    return reply.headers({ ...RAW_HEADERS, 'content-length': String(sizeBytes) }).send();
  });
}
