import type { ErrorCode } from '@pasteport/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type AppError } from '../lib/app-error.js';
import { bodyTimeoutOf } from './body-timeout.js';
import { errorBody } from './envelope.js';

/** Fastify's own client-error codes and the stable code and words we answer them with. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'MALFORMED_BODY',
    message: 'the request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_BODY',
    message: 'the request body is empty but declared as JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'the request body is larger than this route accepts',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'this route does not accept that Content-Type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'MALFORMED_BODY',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'the Content-Type header is invalid',
  },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED', message: 'the request is invalid' },
};

/** Fallback for any other 4xx a plugin raises: keep the status, name it by class. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 416:
      return 'RANGE_NOT_SATISFIABLE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status === 412 ? 'PRECONDITION_FAILED' : 'VALIDATION_FAILED';
  }
}

/**
 * The one mapper from thrown errors to the envelope. Domain errors keep their code; client
 * mistakes caught by Fastify become 4xx; anything else is a bare 500 whose cause is only logged.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A body that stopped arriving is answered as such, whatever its consumer made of it.
    const err: AppError | FastifyError = bodyTimeoutOf(request.raw) ?? thrown;
    if (isAppError(err)) {
      // 507 is the client's file meeting a full quota, not a fault of ours.
      if (err.status >= 500 && err.code !== 'INSUFFICIENT_STORAGE') {
        request.log.error({ err }, err.message);
      }
      if (err.headers) void reply.headers(err.headers);
      return reply
        .code(err.status)
        .send(errorBody(err.status, err.code, err.message, request.id, err.details, err.data));
    }
    const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
    if (known) {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      return reply.code(status).send(errorBody(status, known.code, known.message, request.id));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .code(err.statusCode)
        .send(errorBody(err.statusCode, codeForStatus(err.statusCode), err.message, request.id));
    }
    // The client went away mid-body (a cancelled or paused upload): nobody is left to answer
    // and nothing is wrong here, so it is not logged as a server fault.
    if (request.raw.aborted || err.code === 'ECONNRESET') {
      request.log.info({ code: err.code }, 'client closed the connection mid-request');
      return reply
        .code(400)
        .send(errorBody(400, 'MALFORMED_BODY', 'the request body was cut off', request.id));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'INTERNAL', 'internal server error', request.id));
  });
}
