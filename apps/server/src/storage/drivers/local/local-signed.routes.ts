import { endpoints } from '@pasteport/contract';
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { route } from '../../../http/endpoint.js';
import { requestBody } from '../../../http/raw-body.js';
import { serveObject } from '../../../http/serve-object.js';
import type { LocalStorageDriver } from './local-driver.js';
import { readUnverifiedStorageId, type SignedOperation } from './signed-url.js';

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

  async function authorize(token: string | string[] | undefined, op: SignedOperation) {
    if (typeof token !== 'string' || token === '') throw new AppError('FORBIDDEN', 'missing token');
    const storageId = readUnverifiedStorageId(token);
    const driver = storageId === null ? null : await options.getLocalDriver(storageId);
    if (!driver) throw new AppError('FORBIDDEN', 'signed URL is not valid here');
    return { driver, payload: driver.verifySignedToken(token, op) };
  }

  // The signed token is the only credential: these routes are public to the access control.
  route(app, endpoints.localPutObject, {}, async (request, reply, { query }) => {
    const { driver, payload } = await authorize(query.token, 'put');
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

  route(app, endpoints.localPutPart, {}, async (request, reply, { query }) => {
    const { driver, payload } = await authorize(query.token, 'part');
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

  route(app, endpoints.localGetObject, {}, async (request, reply, { query }) => {
    const { driver, payload } = await authorize(query.token, 'get');
    const info = await driver.stat(payload.key);
    if (!info) throw new AppError('NOT_FOUND', 'object not found');
    return serveObject(request, reply, {
      driver,
      key: payload.key,
      size: info.size,
      contentType: payload.ct ?? info.contentType,
      filename: payload.fn,
      // A signed link may ask for inline; only passive types get it (user-content.ts).
      use: payload.disp === 'attachment' ? 'download' : 'view',
      cacheControl: 'private, no-cache',
      etag: info.etag,
      info,
    });
  });
  done();
};

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new AppError('VALIDATION_FAILED', 'invalid Content-Length');
  }
  return length;
}
