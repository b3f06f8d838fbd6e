import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { registerBrowserUploadSteps } from '../../http/browser-upload-steps.js';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { requestBody } from '../../http/raw-body.js';
import { AppError } from '../../lib/app-error.js';
import { assertMultipart, FORM_LIMITS, formParts } from '../../http/form-parts.js';
import type { BrowserUploadService } from './browser-upload.service.js';
import type { DirectUploadService } from './direct-upload.service.js';
import type { UploadPolicy } from './upload-policy.js';
import { uploadSecretOf } from '../../core/upload-secret.js';

export interface UploadServices {
  direct: DirectUploadService;
  browser: BrowserUploadService;
  policy: UploadPolicy;
}

/**
 * Every upload mode (SPEC §7 Files): direct form, presigned PUT + commit, and multipart. Every
 * step after an init presents the init's secret in `X-Upload-Secret` (upload-secret.ts).
 */
export async function registerFileUploadRoutes(
  app: FastifyInstance,
  services: UploadServices,
): Promise<void> {
  registerBrowserUploadSteps(
    app,
    {
      presign: endpoints.presignUpload,
      commit: endpoints.commitUpload,
      init: endpoints.initMultipart,
      complete: endpoints.completeMultipart,
      abort: endpoints.abortMultipart,
    },
    services.browser,
  );

  route(app, endpoints.multipartParts, {}, async (request, reply, { query }) =>
    sendData(
      reply.header('cache-control', 'no-store'),
      await services.browser.multipartState(request.actor, query, uploadSecretOf(request.headers)),
    ),
  );

  // Encapsulated: these two routes read their bodies as streams, nothing else does. A guest's
  // upload holds one of the server's anonymous upload slots (http/upload-slots.ts).
  await app.register(async (streamed) => {
    await streamed.register(fastifyMultipart, { limits: FORM_LIMITS });
    const slotted = { config: { uploadSlot: true } };

    route(streamed, endpoints.uploadForm, slotted, async (request, reply) => {
      assertMultipart(request);
      return sendData(reply, await services.direct.upload(request.actor, formParts(request)), 201);
    });

    streamed.addContentTypeParser('*', (_request, _payload, done) => done(null));
    route(streamed, endpoints.uploadPart, slotted, async (request, reply, { query }) => {
      const header = request.headers['content-length'];
      const length = header === undefined ? undefined : Number(header);
      if (length !== undefined && (!Number.isSafeInteger(length) || length < 0)) {
        throw new AppError('VALIDATION_FAILED', 'invalid Content-Length');
      }
      return sendData(
        reply,
        await services.browser.relayPart(
          request.actor,
          query,
          requestBody(request),
          length,
          uploadSecretOf(request.headers),
        ),
      );
    });
  });
}
