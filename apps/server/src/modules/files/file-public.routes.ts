import { verifyFileRequestSchema } from '@pasteport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readCookie, strictCookie } from '../../http/cookies.js';
import { sendData } from '../../http/envelope.js';
import { parseWith } from '../../http/validate.js';
import {
  isInlineSafe,
  userContentHeaders,
  type UserContentPolicy,
} from '../../http/user-content.js';
import { parseRangeHeader, resolveByteRange } from '../../storage/byte-range.js';
import { contentRange, matchesEtag, objectValidators } from '../../storage/object-headers.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { StorageRegistry } from '../storage-configs/storage-registry.js';
import type { FileAccessService, OpenedFile } from './file-access.service.js';
import { GRANT_LIMITS } from './file-grant.js';
import type { FileRow } from './file.repository.js';

const slugParams = z.object({ slug: z.string().min(1).max(50) });
const credentialsQuery = z.object({
  password: z.string().max(256).optional(),
  token: z.string().max(200).optional(),
});
const grantQuery = z.object({ grant: z.string().min(1).max(200) });
/** Lifetime of a direct-mode redirect. */
const DIRECT_LINK_SECONDS = 300;
/** The cookie that carries a counted download's continuation grant, one per file link. */
const continuationCookie = (slug: string) => `pp_view_${slug}`;

type Purpose = 'download' | 'view';

/**
 * The public side of file shares (SPEC §7 Files): info, verify, download, inline view and the
 * office viewer's link. Content answers honour Range, ETag and If-None-Match; HTML, SVG and
 * other active types never run on this origin.
 */
export function registerFilePublicRoutes(
  app: FastifyInstance,
  access: FileAccessService,
  publicUrl: string | undefined,
  storage: Pick<StorageRegistry, 'getConfig'>,
): void {
  const config = { access: 'public' as const };

  app.get('/api/public/files/:slug', { config }, async (request, reply) => {
    const { slug } = parseWith(slugParams, request.params, 'path');
    return sendData(
      reply.header('cache-control', 'no-store'),
      await access.info(request.actor, slug),
    );
  });

  app.post('/api/public/files/:slug/verify', { config }, async (request, reply) => {
    const { slug } = parseWith(slugParams, request.params, 'path');
    const { password } = parseWith(verifyFileRequestSchema, request.body, 'body');
    return sendData(
      reply.header('cache-control', 'no-store'),
      await access.verify(request.actor, slug, password, request.ip),
    );
  });

  for (const purpose of ['download', 'view'] as const) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/api/file-${purpose}/:slug`,
      exposeHeadRoute: false,
      config,
      handler: (request, reply) => serveContent(request, reply, purpose),
    });
  }

  // The Office viewer fetches the file from its own servers: it gets a link of this server
  // that serves only this file, only for a few minutes, and dies with a password change.
  app.get('/api/office-preview/:slug', { config }, async (request, reply) => {
    const { slug } = parseWith(slugParams, request.params, 'path');
    const credentials = parseWith(credentialsQuery, request.query, 'query');
    const { row } = await access.open(slug, credentials, request.ip);
    await access.countView(row);
    const grant = access.grant('office', row);
    const base = publicUrl ?? `${request.protocol}://${request.host}`;
    const path = `/api/office-file/${encodeURIComponent(row.slug)}?grant=${grant.token}`;
    return sendData(reply.header('cache-control', 'no-store'), {
      url: `${base}${path}`,
      expires_at: grant.expiresAt.toISOString(),
    });
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/office-file/:slug',
    exposeHeadRoute: false,
    config,
    handler: async (request, reply) => {
      const { slug } = parseWith(slugParams, request.params, 'path');
      const { grant } = parseWith(grantQuery, request.query, 'query');
      const opened = await access.openGranted(slug, 'office', grant);
      void reply.headers(contentHeaders(opened.row, 'download', app.userContent));
      return sendBytes(request, reply, opened);
    },
  });

  /**
   * Where a direct-mode download goes: the storage config's CDN host when it has one (the
   * object's public path there), else a short-lived presigned URL of the storage itself.
   */
  async function directLocation(row: FileRow, driver: StorageDriver, purpose: Purpose) {
    const meta = await storage.getConfig(row.storage_config_id);
    if (meta.custom_host && driver.kind === 's3') {
      const key = meta.key_prefix ? `${meta.key_prefix}/${row.storage_path}` : row.storage_path;
      const path = key.split('/').map(encodeURIComponent).join('/');
      return `${meta.custom_host.replace(/\/+$/, '')}/${path}`;
    }
    const signed = await driver.presignGet(row.storage_path, {
      expiresInSeconds: DIRECT_LINK_SECONDS,
      filename: row.filename,
      disposition: dispositionOf(row, purpose),
      contentType: row.mimetype,
    });
    return signed.url;
  }

  /**
   * Every GET that returns content counts one view — whatever its Range — unless it is a
   * byte range continuing a counted download of this browser: the counted answer sets a
   * short-lived continuation grant in a cookie for this file, which later ranges (a media
   * player's seeks) present. A full GET is a new download and always counts; HEAD, 304 and
   * 416 return no content and never count.
   */
  async function serveContent(request: FastifyRequest, reply: FastifyReply, purpose: Purpose) {
    const { slug } = parseWith(slugParams, request.params, 'path');
    const credentials = parseWith(credentialsQuery, request.query, 'query');
    const requested = parseRangeHeader(request.headers.range);
    const continuation =
      requested && request.method === 'GET'
        ? readCookie(request.headers.cookie, continuationCookie(slug))
        : undefined;
    const opened = await access.open(slug, credentials, request.ip, continuation);
    const { row, driver } = opened;
    void reply.headers(contentHeaders(row, purpose, app.userContent));

    if (row.etag !== null && matchesEtag(request.headers['if-none-match'], row.etag)) {
      return reply.code(304).header('ETag', `"${row.etag}"`).send();
    }
    if (requested) resolveByteRange(requested, row.size); // 416 before anything is counted
    if (request.method === 'GET') {
      if (opened.grantedViewAt === undefined) await access.countView(row);
      const grant = access.grant('continue', row, opened.grantedViewAt);
      void reply.header(
        'set-cookie',
        strictCookie(continuationCookie(row.slug), grant.token, {
          path: '/api/',
          maxAgeSeconds: GRANT_LIMITS.continue.idleMs / 1000,
          secure: request.protocol === 'https',
        }),
      );
    }

    // Direct mode sends downloads to storage; inline views stay on this origin, where the
    // app's CSP lets the file page show them (a storage origin would be blocked there).
    if (row.access_mode === 'direct' && purpose === 'download' && request.method === 'GET') {
      const location = await directLocation(row, driver, purpose);
      return reply
        .code(302)
        .header('location', location)
        .header('cache-control', 'no-store')
        .send();
    }
    return sendBytes(request, reply, opened);
  }

  /** The file's bytes (or, for HEAD, their length), honouring one byte range. */
  async function sendBytes(
    request: FastifyRequest,
    reply: FastifyReply,
    { row, driver }: OpenedFile,
  ) {
    const requested = parseRangeHeader(request.headers.range);
    const range = requested ? resolveByteRange(requested, row.size) : null;
    if (request.method === 'HEAD') {
      const info = await driver.stat(row.storage_path);
      if (info) void reply.headers(objectValidators(info));
      const length = range ? range.end - range.start + 1 : row.size;
      if (range) void reply.code(206).header('Content-Range', contentRange(range, row.size));
      return reply.header('Content-Length', String(length)).send();
    }
    const body = await driver.read(row.storage_path, range ? { range } : {});
    void reply.headers(objectValidators(body)).header('Content-Length', String(body.contentLength));
    if (body.range)
      void reply.code(206).header('Content-Range', contentRange(body.range, body.size));
    return reply.send(body.stream);
  }
}

function dispositionOf(row: FileRow, purpose: Purpose): 'inline' | 'attachment' {
  return purpose === 'view' && isInlineSafe(row.mimetype) ? 'inline' : 'attachment';
}

/**
 * Only passive types (images but SVG, media, PDF, plain text) are shown inline, sandboxed; all
 * else is an attachment (the web shows HTML in a sandboxed iframe from its text). nosniff stops
 * a browser from promoting a passive type to something active.
 */
function contentHeaders(
  row: FileRow,
  purpose: Purpose,
  policy: UserContentPolicy,
): Record<string, string> {
  const limited = row.max_views > 0 || row.password_hash !== null;
  return {
    ...userContentHeaders(row.mimetype, purpose, row.filename, policy),
    'Accept-Ranges': 'bytes',
    'Cache-Control': limited ? 'no-store' : 'private, no-cache',
  };
}
