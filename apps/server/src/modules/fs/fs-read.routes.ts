import { endpoints } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { serveObject } from '../../http/serve-object.js';
import type { FsReadService } from './fs-read.service.js';

/**
 * The file system's reads (SPEC §7 "File system"): list, get, download (GET and HEAD) and
 * file-link. The service resolves every path; serveObject answers with the bytes (Range, ETag,
 * If-None-Match, always an attachment, never active on this origin).
 */
export function registerFsReadRoutes(app: FastifyInstance, fs: FsReadService): void {
  route(app, endpoints.fsList, {}, async (request, reply, { query }) =>
    sendData(reply.header('cache-control', 'no-store'), await fs.list(request.actor, query)),
  );

  route(app, endpoints.fsGet, {}, async (request, reply, { query }) =>
    sendData(reply.header('cache-control', 'no-store'), await fs.info(request.actor, query.path)),
  );

  route(app, endpoints.fsDownload, {}, async (request, reply, { query }) =>
    serveObject(request, reply, await fs.openDownload(request.actor, query.path)),
  );

  route(app, endpoints.fsFileLink, {}, async (request, reply, { query }) =>
    sendData(reply.header('cache-control', 'no-store'), await fs.fileLink(request.actor, query)),
  );
}
