import { PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * The request body for a consumer that may destroy it: pipeline() destroys every stream when
 * one fails, and destroying a request whose body is still arriving destroys its socket, so the
 * client would get a reset instead of our answer. This stream may be destroyed freely; the
 * request's errors (a body timeout, a client gone) reach it; the rest of an abandoned body is
 * drained or the connection closed after the answer (early-reply.ts).
 */
export function requestBody(request: FastifyRequest): Readable {
  const req = request.raw;
  const body = new PassThrough();
  const fail = (error: Error) => body.destroy(error);
  req.on('error', fail);
  body.once('close', () => req.off('error', fail));
  return req.pipe(body);
}
