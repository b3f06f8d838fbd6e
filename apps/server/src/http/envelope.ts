import type {
  ErrorCode,
  ErrorEnvelope,
  SuccessEnvelope,
  ValidationIssue,
} from '@pasteport/contract';
import type { FastifyReply } from 'fastify';

const SUCCESS_MESSAGES = { 200: 'ok', 201: 'created', 202: 'accepted' } as const;

/** Wraps data in the success envelope of ARCHITECTURE §4 and sends it. */
export function sendData<T>(
  reply: FastifyReply,
  data: T,
  code: 200 | 201 | 202 = 200,
): FastifyReply {
  const body: SuccessEnvelope<T> = { code, message: SUCCESS_MESSAGES[code], success: true, data };
  return reply.code(code).send(body);
}

/** Builds the error envelope; used only by the error mapper and not-found handler. */
export function errorBody(
  status: number,
  error: ErrorCode,
  message: string,
  requestId: string,
  details?: ValidationIssue[],
  data: unknown = null,
): ErrorEnvelope {
  return {
    code: status,
    message,
    success: false,
    data,
    error,
    ...(details ? { details } : {}),
    requestId,
  };
}
