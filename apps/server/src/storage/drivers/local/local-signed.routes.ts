import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { requestBody } from '../../../http/raw-body.js';
import { userContentHeaders } from '../../../http/user-content.js';
import { parseRangeHeader, resolveByteRange } from '../../byte-range.js';
import type { ObjectInfo, ServedRange } from '../../storage-driver.js';
import type { LocalStorageDriver } from './local-driver.js';
import { readUnverifiedStorageId, type SignedOperation } from './signed-url.js';
import { contentRange, matchesEtag, objectValidators } from '../../object-headers.js';

/** Finds the local driver of a storage config id (null when unknown or not local). */
export type LocalDriverLookup = (
  storageId: string,
) => LocalStorageDriver | null | undefined | Promise<LocalStorageDriver | null | undefined>;

/** Options of registerLocalSignedRoutes. */
export interface LocalSignedRoutesOptions {
  /** Mount point, e.g. '/api/storage/local'; must match the drivers' signedUrlBase. */
  prefix: string;
  getLocalDriver: LocalDriverLookup;
}

type TokenRequest = FastifyRequest<{ Querystring: { token?: string | string[] } }>;

/**
 * Serves the URLs local drivers sign, standing in for S3: PUT object, GET/HEAD object
 * (Range, If-None-Match) and PUT part. The token is the only credential; bodies stream
 * straight from the socket to disk.
 */
export async function registerLocalSignedRoutes(
  app: FastifyInstance,
  options: LocalSignedRoutesOptions,
): Promise<void> {
  await app.register(localSignedRoutes, options);
}

const localSignedRoutes: FastifyPluginCallback<LocalSignedRoutesOptions> = (app, options, done) => {
  // Encapsulated: uploads of any type reach the handler as the untouched request stream,
  // with no body-size limit from Fastify (the signed payload and driver bound them).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  async function authorize(request: TokenRequest, op: SignedOperation) {
    const token = request.query.token;
    if (typeof token !== 'string' || token === '') throw new AppError('FORBIDDEN', 'missing token');
    const storageId = readUnverifiedStorageId(token);
    const driver = storageId === null ? null : await options.getLocalDriver(storageId);
    if (!driver) throw new AppError('FORBIDDEN', 'signed URL is not valid here');
    return { driver, payload: driver.verifySignedToken(token, op) };
  }

  // The signed token is the only credential: these routes are public to the access control.
  const config = { access: 'public' as const };

  app.put('/object', { config }, async (request: TokenRequest, reply) => {
    const { driver, payload } = await authorize(request, 'put');
    const contentType = request.headers['content-type'];
    if (payload.ct !== undefined && contentType !== payload.ct) {
      throw new AppError('FORBIDDEN', 'Content-Type does not match the signed URL');
    }
    const declared = declaredLength(request);
    if (payload.cl !== undefined && declared !== payload.cl) {
      throw new AppError('FORBIDDEN', 'Content-Length does not match the signed URL');
    }
    const result = await driver.write(payload.key, requestBody(request), {
      contentType: payload.ct ?? contentType ?? 'application/octet-stream',
      ...(declared !== undefined && { contentLength: declared }),
    });
    return reply.code(200).header('ETag', `"${result.etag}"`).send();
  });

  app.put('/part', { config }, async (request: TokenRequest, reply) => {
    const { driver, payload } = await authorize(request, 'part');
    if (payload.uid === undefined || payload.pn === undefined) {
      throw new AppError('FORBIDDEN', 'signed URL does not name a part');
    }
    const declared = declaredLength(request);
    // A part URL signed for a length takes exactly that many bytes (the writer checks the
    // body against the declared length), so staged parts never exceed the declared file.
    if (payload.cl !== undefined && declared !== payload.cl) {
      throw new AppError('FORBIDDEN', 'Content-Length does not match the signed URL');
    }
    const body = requestBody(request);
    const result = await driver.writePart(payload.key, payload.uid, payload.pn, body, {
      ...(declared !== undefined && { contentLength: declared }),
    });
    return reply.code(200).header('ETag', `"${result.etag}"`).send();
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/object',
    exposeHeadRoute: false,
    config,
    handler: async (request: TokenRequest, reply) => {
      const { driver, payload } = await authorize(request, 'get');
      const info = await driver.stat(payload.key);
      if (!info) throw new AppError('NOT_FOUND', 'object not found');
      // A signed link may ask for inline; only passive types get it (user-content.ts).
      const use = payload.disp === 'attachment' ? 'download' : 'view';
      void reply.headers({
        ...userContentHeaders(payload.ct ?? info.contentType, use, payload.fn, app.userContent),
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, no-cache',
      });
      if (matchesEtag(request.headers['if-none-match'], info.etag)) {
        return reply.code(304).headers(objectValidators(info)).send();
      }
      const requested = parseRangeHeader(request.headers.range);
      const range = requested ? resolveByteRange(requested, info.size) : null;
      if (request.method === 'HEAD') return sendHead(reply, info, range);
      const body = await driver.read(payload.key, range ? { range } : {});
      void reply
        .headers(objectValidators(body))
        .header('Content-Length', String(body.contentLength));
      if (body.range) {
        void reply.code(206).header('Content-Range', contentRange(body.range, body.size));
      }
      return reply.send(body.stream);
    },
  });
  done();
};

function sendHead(reply: FastifyReply, info: ObjectInfo, range: ServedRange | null) {
  const length = range ? range.end - range.start + 1 : info.size;
  void reply.headers(objectValidators(info)).header('Content-Length', String(length));
  if (range) void reply.code(206).header('Content-Range', contentRange(range, info.size));
  return reply.send();
}

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new AppError('VALIDATION_FAILED', 'invalid Content-Length');
  }
  return length;
}
