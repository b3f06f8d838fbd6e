import { endpoints } from '@pasteport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, strictCookie } from '../../http/cookies.js';
import { route, type EndpointInput } from '../../http/endpoint.js';
import { sendData } from '../../http/envelope.js';
import { serveObject } from '../../http/serve-object.js';
import type { UserContentUse } from '../../http/user-content.js';
import type { FileAccessService } from './file-access.service.js';
import { GRANT_LIMITS } from './file-grant.js';

/** The cookie that carries a counted download's continuation grant, one per file link. */
const continuationCookie = (slug: string) => `pp_view_${slug}`;

/**
 * The public side of file shares (SPEC §7 Files): info, verify, download, inline view and the
 * office viewer's link. The file access service decides what is counted and where a download
 * goes; serveObject answers with the bytes (Range, ETag, If-None-Match, and HTML, SVG and
 * other active types never run on this origin).
 */
export function registerFilePublicRoutes(app: FastifyInstance, access: FileAccessService): void {
  route(app, endpoints.fileInfo, {}, async (request, reply, { params }) =>
    sendData(
      reply.header('cache-control', 'no-store'),
      await access.info(request.actor, params.slug),
    ),
  );

  route(app, endpoints.verifyFile, {}, async (request, reply, { params, body }) =>
    sendData(
      reply.header('cache-control', 'no-store'),
      await access.verify(request.actor, params.slug, body.password, request.ip),
    ),
  );

  route(app, endpoints.downloadFile, {}, (request, reply, input) =>
    serveContent(request, reply, 'download', input),
  );
  route(app, endpoints.viewFile, {}, (request, reply, input) =>
    serveContent(request, reply, 'view', input),
  );

  route(app, endpoints.officePreview, {}, async (request, reply, { params, query }) => {
    const origin = `${request.protocol}://${request.host}`;
    return sendData(
      reply.header('cache-control', 'no-store'),
      await access.officePreview(params.slug, query, request.ip, origin),
    );
  });

  route(app, endpoints.officeFile, {}, async (request, reply, { params, query }) =>
    serveObject(request, reply, await access.openOfficeFile(params.slug, query.grant)),
  );

  /** A download or view; a counted GET gives the browser its continuation cookie. */
  async function serveContent(
    request: FastifyRequest,
    reply: FastifyReply,
    use: UserContentUse,
    { params, query }: Pick<EndpointInput<typeof endpoints.downloadFile>, 'params' | 'query'>,
  ) {
    const { slug } = params;
    const content = await access.openContent({
      slug,
      use,
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      credentials: query,
      ip: request.ip,
      range: request.headers.range,
      continuation: readCookie(request.headers.cookie, continuationCookie(slug)),
    });
    return serveObject(request, reply, {
      ...content.object,
      beforeBody: async () => {
        const { continuation, location } = await content.deliver();
        void reply.header(
          'set-cookie',
          strictCookie(continuationCookie(content.slug), continuation.token, {
            path: '/api/',
            maxAgeSeconds: GRANT_LIMITS.continue.idleMs / 1000,
            secure: request.protocol === 'https',
          }),
        );
        return location;
      },
    });
  }
}
