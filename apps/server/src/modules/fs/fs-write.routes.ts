import fastifyMultipart from '@fastify/multipart';
import { endpoints, FS_UPDATE_MAX_BYTES } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { assertMultipart, FORM_LIMITS, formParts } from '../../http/form-parts.js';
import type { FsFetchService } from './fs-fetch.service.js';
import type { FsUploadTaskService } from './fs-upload-task.service.js';
import type { FsUploadService } from './fs-upload.service.js';
import type { FsWriteService } from './fs-write.service.js';

/**
 * A JSON body of `POST /api/fs/update`: the content's 10 MB plus room for JSON escapes (the
 * service counts the content's own bytes).
 */
const UPDATE_BODY_LIMIT = 2 * FS_UPDATE_MAX_BYTES + 64 * 1024;

/** The file-system writes (SPEC §7 "File system"): thin routes over the write services. */
export async function registerFsWriteRoutes(
  app: FastifyInstance,
  services: {
    writes: FsWriteService;
    uploads: FsUploadService;
    fetches: FsFetchService;
    uploadTasks: FsUploadTaskService;
  },
): Promise<void> {
  const { writes, uploads, fetches, uploadTasks } = services;
  route(app, endpoints.fsMkdir, {}, async (request, reply, { body }) =>
    sendData(reply, await writes.mkdir(request.actor, body), 201),
  );
  route(
    app,
    endpoints.fsUpdate,
    { bodyLimit: UPDATE_BODY_LIMIT },
    async (request, reply, { body }) => sendData(reply, await writes.update(request.actor, body)),
  );
  route(app, endpoints.fsRename, {}, async (request, reply, { body }) =>
    sendData(reply, await writes.rename(request.actor, body)),
  );
  route(app, endpoints.fsBatchRemove, {}, async (request, reply, { body }) =>
    sendData(reply, await writes.batchRemove(request.actor, body)),
  );
  route(app, endpoints.fsFetch, {}, async (request, reply, { body }) =>
    sendData(reply, await fetches.start(request.actor, body), 202),
  );
  route(app, endpoints.createUploadTask, {}, async (request, reply, { body }) =>
    sendData(reply, await uploadTasks.create(request.actor, body), 201),
  );
  route(app, endpoints.reportUploadTaskItem, {}, async (request, reply, { params, body }) =>
    sendData(reply, await uploadTasks.report(request.actor, params.id, params.seq, body)),
  );
  route(app, endpoints.fsPresign, {}, async (request, reply, { body }) =>
    sendData(reply, await uploads.presign(request.actor, body)),
  );
  route(app, endpoints.fsPresignCommit, {}, async (request, reply, { body }) =>
    sendData(reply, await uploads.commit(request.actor, body)),
  );
  route(app, endpoints.fsMultipartInit, {}, async (request, reply, { body }) =>
    sendData(reply, await uploads.initMultipart(request.actor, body)),
  );
  route(app, endpoints.fsMultipartComplete, {}, async (request, reply, { body }) =>
    sendData(reply, await uploads.completeMultipart(request.actor, body)),
  );
  route(app, endpoints.fsMultipartParts, {}, async (request, reply, { body }) =>
    sendData(reply, await uploads.multipartState(request.actor, body)),
  );
  route(app, endpoints.fsMultipartAbort, {}, async (request, reply, { body }) =>
    sendData(reply, await uploads.abortMultipart(request.actor, body)),
  );

  // Encapsulated: only the upload form reads its body as a multipart stream.
  await app.register(async (streamed) => {
    await streamed.register(fastifyMultipart, { limits: FORM_LIMITS });
    route(streamed, endpoints.fsUpload, {}, async (request, reply) => {
      assertMultipart(request);
      return sendData(reply, await uploads.upload(request.actor, formParts(request)), 201);
    });
  });
}
