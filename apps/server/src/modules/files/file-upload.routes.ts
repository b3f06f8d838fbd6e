import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@pasteport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerBrowserUploadSteps } from '../../http/browser-upload-steps.js';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { requestBody } from '../../http/raw-body.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import type { BrowserUploadService } from './browser-upload.service.js';
import type { DirectUploadService, FormPart } from './direct-upload.service.js';
import type { UploadPolicy } from './upload-policy.js';
import { uploadSecretOf } from '../../core/upload-secret.js';

/** Form fields are short; these bound what a hostile form can make the parser hold. */
const FORM_LIMITS = {
  fields: 30,
  fieldSize: 8 * 1024,
  files: 2,
  parts: 40,
  headerPairs: 100,
  // The service meters the file against max_upload_size and the quota itself.
  fileSize: Number.MAX_SAFE_INTEGER,
};

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
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send the file as multipart/form-data');
      }
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

/** The form's parts in order, as the framework-free shape the service takes. */
async function* formParts(request: FastifyRequest): AsyncGenerator<FormPart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        yield {
          kind: 'file',
          name: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          stream: part.file,
        };
      } else {
        yield { kind: 'field', name: part.fieldname, value: String(part.value) };
      }
    }
  } catch (err) {
    throw malformedForm(err);
  }
}

/**
 * What the form parser throws is the form's fault (no boundary, a body that ends inside a
 * part, a broken part header): 400 naming the parser's complaint. The plugin's limit errors
 * carry their own 4xx status and stay as they are.
 */
function malformedForm(err: unknown): unknown {
  if (isAppError(err) || !(err instanceof Error) || 'statusCode' in err) return err;
  return new AppError('MALFORMED_BODY', `malformed multipart/form-data body: ${err.message}`, {
    cause: err,
  });
}
