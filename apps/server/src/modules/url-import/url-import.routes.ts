import { endpoints } from '@pasteport/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerBrowserUploadSteps } from '../../http/browser-upload-steps.js';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { uploadSecretOf } from '../../core/upload-secret.js';
import type { RelayedUploads } from './file-uploads.js';
import type { UrlFetchService } from './url-fetch.service.js';
import type { UrlImportService } from './url-import.service.js';
import { presentImportProgress, proxyHeaders } from './url-import.presenter.js';

export interface UrlImportServices {
  fetch: UrlFetchService;
  imports: UrlImportService;
  /** The files module's presigned uploads: a URL upload relayed by the browser is one. */
  browser: RelayedUploads;
}

/**
 * URL upload (SPEC §7 URL upload): the browser-relay flow (info, proxy, then presigned or
 * multipart upload and commit, as s3/* and upload/multipart/*) and the server-side import.
 * Uploading rights are checked by the services (guests only with allow_guest_uploads); the
 * proxy alone is closed to anonymous callers. url/presign and url/multipart/init only check
 * the URL's form: the browser fetches it there, never this server.
 */
export function registerUrlImportRoutes(app: FastifyInstance, services: UrlImportServices): void {
  route(app, endpoints.urlInfo, {}, async (request, reply, { body }) =>
    sendData(reply, await services.fetch.info(request.actor, body.url)),
  );

  route(app, endpoints.urlProxy, { exposeHeadRoute: false }, async (request, reply, { query }) => {
    const file = await services.fetch.proxy(request.actor, query.url, abortedWhenClosed(reply));
    return reply.headers(proxyHeaders(file)).send(file.body);
  });

  registerBrowserUploadSteps(
    app,
    {
      presign: endpoints.urlPresign,
      commit: endpoints.urlCommit,
      init: endpoints.urlMultipartInit,
      complete: endpoints.urlMultipartComplete,
      abort: endpoints.urlMultipartAbort,
    },
    services.browser,
  );

  route(app, endpoints.urlCancel, {}, async (request, reply, { body }) =>
    sendData(
      reply,
      await services.imports.cancel(request.actor, body.file_id, uploadSecretOf(request.headers)),
    ),
  );

  route(app, endpoints.urlImport, {}, async (request, reply, { body }) =>
    sendData(reply, await services.imports.start(request.actor, body), 202),
  );

  route(app, endpoints.urlImportProgress, {}, async (request, reply, { params }) => {
    const secret = uploadSecretOf(request.headers);
    const task = await services.imports.progress(request.actor, params.task_id, secret);
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
