import { createPasteRequestSchema, unlockPasteRequestSchema } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import type { PasteService } from './paste.service.js';

/** 10 MB of content can take several times that as escaped JSON; the service enforces 10 MB. */
const CREATE_BODY_LIMIT = 64 * 1024 * 1024;
const slugParams = z.object({ slug: z.string().min(1).max(50) });
const rawQuery = z.object({ password: z.string().max(256).optional() });

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
  const config = { access: 'public' as const };

  app.post('/api/paste', { config, bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
    const body = parseWith(createPasteRequestSchema, request.body, 'body');
    return sendData(reply, await pastes.create(request.actor, body), 201);
  });

  app.get('/api/paste/:slug', { config, exposeHeadRoute: false }, async (request, reply) => {
    const { slug } = parseWith(slugParams, request.params, 'path');
    return sendData(
      reply.header('cache-control', 'no-store'),
      await pastes.open(request.actor, slug),
    );
  });

  app.post('/api/paste/:slug', { config }, async (request, reply) => {
    const { slug } = parseWith(slugParams, request.params, 'path');
    const { password } = parseWith(unlockPasteRequestSchema, request.body, 'body');
    return sendData(
      reply.header('cache-control', 'no-store'),
      await pastes.unlock(request.actor, slug, password, request.ip),
    );
  });

  app.get('/api/raw/:slug', { config, exposeHeadRoute: false }, async (request, reply) => {
    const { slug } = parseWith(slugParams, request.params, 'path');
    const { password } = parseWith(rawQuery, request.query, 'query');
    const view = await pastes.unlock(request.actor, slug, password, request.ip);
    return reply.headers(RAW_HEADERS).send(view.content);
  });

  // HEAD answers from metadata and never counts a view.
  app.head('/api/raw/:slug', { config }, async (request, reply) => {
    const { slug } = parseWith(slugParams, request.params, 'path');
    const { password } = parseWith(rawQuery, request.query, 'query');
    const { sizeBytes } = await pastes.head(slug, password, request.ip);
    return reply.headers({ ...RAW_HEADERS, 'content-length': String(sizeBytes) }).send();
  });
}
