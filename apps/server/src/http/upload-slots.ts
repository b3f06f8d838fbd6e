import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous request to this route holds one of the server's anonymous upload slots. */
    uploadSlot?: boolean;
  }
}

/** What a refused anonymous upload is told to wait, in seconds. */
export const UPLOAD_SLOT_RETRY_AFTER_S = 5;

/**
 * At most `limit` anonymous streamed uploads in flight on this server; the next is refused with
 * 429 and Retry-After before its body is read. Guests cost disk, bandwidth and sockets but
 * prove nothing about themselves, so they share a fixed budget; admins and API keys are not
 * counted. A slot is held until the response is done (or the connection gone).
 */
export function installAnonymousUploadLimit(app: FastifyInstance, limit: number): void {
  let inFlight = 0;

  function takeSlot(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (request.actor.kind !== 'anonymous') return done();
    if (inFlight >= limit) {
      return done(
        new AppError(
          'RATE_LIMITED',
          `too many anonymous uploads at once (at most ${limit}); retry in ${UPLOAD_SLOT_RETRY_AFTER_S} s`,
          { headers: { 'retry-after': String(UPLOAD_SLOT_RETRY_AFTER_S) } },
        ),
      );
    }
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  }

  // A route-level hook on the marked routes only, after the access control resolved the actor:
  // other requests do not pay for it.
  app.addHook('onRoute', (route) => {
    if (route.config?.uploadSlot !== true) return;
    const own = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(own) ? own : [own]), takeSlot];
  });
}
