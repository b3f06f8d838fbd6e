import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import type { FsArchiveService } from './fs-archive.service.js';

/** POST /api/fs/archive (a link) and GET /api/fs/archive/{id} (the ZIP it streams). */
export function registerFsArchiveRoutes(app: FastifyInstance, service: FsArchiveService): void {
  route(app, endpoints.createArchive, {}, async (request, reply, { body }) =>
    sendData(
      reply.header('cache-control', 'no-store'),
      await service.create(request.actor, body),
      201,
    ),
  );

  // Streamed as it is built: no Content-Length, never cached (the link is a credential).
  route(app, endpoints.downloadArchive, {}, async (_request, reply, { params, query }) => {
    const archive = await service.open(params.id, query.token);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', archive.filename))
      .header('cache-control', 'no-store')
      .send(archive.stream);
  });
}
