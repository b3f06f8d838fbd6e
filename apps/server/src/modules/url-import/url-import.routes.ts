import {
  urlCancelRequestSchema,
  urlCommitRequestSchema,
  urlImportRequestSchema,
  urlInfoRequestSchema,
  urlMultipartAbortRequestSchema,
  urlMultipartCompleteRequestSchema,
  urlMultipartInitRequestSchema,
  urlPresignRequestSchema,
  urlProxyQuerySchema,
} from '@pasteport/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import type { BrowserUploadService } from '../files/browser-upload.service.js';
import { uploadSecretOf } from '../files/upload-secret.js';
import type { UrlFetchService } from './url-fetch.service.js';
import type { UrlImportService } from './url-import.service.js';
import { presentImportProgress, proxyHeaders } from './url-import.presenter.js';

const taskParams = z.object({ task_id: z.string().min(1).max(64) });

export interface UrlImportServices {
  fetch: UrlFetchService;
  imports: UrlImportService;
  /** The files module's presigned uploads: a URL upload relayed by the browser is one. */
  browser: BrowserUploadService;
}

/**
 * URL upload (SPEC §7 URL upload): the browser-relay flow (info, proxy, then presigned or
 * multipart upload and commit, as s3/* and upload/multipart/*) and the server-side import.
 * Uploading rights are checked by the services (guests only with allow_guest_uploads); the
 * proxy alone is closed to anonymous callers. url/presign and url/multipart/init only check
 * the URL's form: the browser fetches it there, never this server.
 */
export function registerUrlImportRoutes(app: FastifyInstance, services: UrlImportServices): void {
  const config = { access: 'public' as const };

  app.post('/api/url/info', { config }, async (request, reply) => {
    const { url } = parseWith(urlInfoRequestSchema, request.body, 'body');
    return sendData(reply, await services.fetch.info(request.actor, url));
  });

  app.get(
    '/api/url/proxy',
    { config: { access: { permission: 'file' } }, exposeHeadRoute: false },
    async (request, reply) => {
      const { url } = parseWith(urlProxyQuerySchema, request.query, 'query');
      const file = await services.fetch.proxy(request.actor, url, abortedWhenClosed(reply));
      return reply.headers(proxyHeaders(file)).send(file.body);
    },
  );

  app.post('/api/url/presign', { config }, async (request, reply) => {
    const body = parseWith(urlPresignRequestSchema, request.body, 'body');
    return sendData(reply, await services.browser.presign(request.actor, body));
  });

  app.post('/api/url/commit', { config }, async (request, reply) => {
    const body = parseWith(urlCommitRequestSchema, request.body, 'body');
    return sendData(
      reply,
      await services.browser.commit(request.actor, body, uploadSecretOf(request.headers)),
    );
  });

  app.post('/api/url/multipart/init', { config }, async (request, reply) => {
    const body = parseWith(urlMultipartInitRequestSchema, request.body, 'body');
    return sendData(reply, await services.browser.initMultipart(request.actor, body));
  });

  app.post('/api/url/multipart/complete', { config }, async (request, reply) => {
    const body = parseWith(urlMultipartCompleteRequestSchema, request.body, 'body');
    return sendData(
      reply,
      await services.browser.completeMultipart(
        request.actor,
        body,
        uploadSecretOf(request.headers),
      ),
    );
  });

  app.post('/api/url/multipart/abort', { config }, async (request, reply) => {
    const body = parseWith(urlMultipartAbortRequestSchema, request.body, 'body');
    return sendData(
      reply,
      await services.browser.abortMultipart(request.actor, body, uploadSecretOf(request.headers)),
    );
  });

  app.post('/api/url/cancel', { config }, async (request, reply) => {
    const { file_id } = parseWith(urlCancelRequestSchema, request.body, 'body');
    return sendData(
      reply,
      await services.imports.cancel(request.actor, file_id, uploadSecretOf(request.headers)),
    );
  });

  app.post('/api/url/import', { config }, async (request, reply) => {
    const body = parseWith(urlImportRequestSchema, request.body, 'body');
    return sendData(reply, await services.imports.start(request.actor, body), 202);
  });

  app.get('/api/url/import/:task_id', { config }, (request, reply) => {
    const { task_id } = parseWith(taskParams, request.params, 'path');
    const task = services.imports.progress(request.actor, task_id, uploadSecretOf(request.headers));
    return sendData(reply.header('cache-control', 'no-store'), presentImportProgress(task));
  });
}

/** Aborts when the client goes away before the response is complete (stops the remote fetch). */
function abortedWhenClosed(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}
