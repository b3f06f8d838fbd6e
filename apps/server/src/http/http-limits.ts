import type { FastifyInstance } from 'fastify';
import { installBodyIdleTimeout } from './body-timeout.js';
import { installEarlyReply } from './early-reply.js';
import { installAnonymousUploadLimit } from './upload-slots.js';

/** Limits on how clients may hold the server's connections (BODY_IDLE_TIMEOUT_SECONDS …). */
export interface HttpLimits {
  /** A request body that sends nothing for this long is answered 408; 0 turns it off. */
  bodyIdleTimeoutMs: number;
  /** Anonymous streamed uploads in flight at once on this server. */
  maxAnonymousUploads: number;
}

/** The defaults of the environment variables (env.schema.ts), for apps built without config. */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  bodyIdleTimeoutMs: 30_000,
  maxAnonymousUploads: 16,
};

/** Installs the body timeout, early-answer handling and upload slots; before any route. */
export function installHttpLimits(app: FastifyInstance, limits: Partial<HttpLimits> = {}): void {
  const { bodyIdleTimeoutMs, maxAnonymousUploads } = { ...DEFAULT_HTTP_LIMITS, ...limits };
  installBodyIdleTimeout(app, bodyIdleTimeoutMs);
  installEarlyReply(app, { idleMs: bodyIdleTimeoutMs });
  installAnonymousUploadLimit(app, maxAnonymousUploads);
}
