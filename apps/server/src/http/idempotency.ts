import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_METHODS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@pasteport/contract';
import type { IncomingHttpHeaders } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { Actor } from '../core/actor.js';
import { AppError } from '../lib/app-error.js';
import { announcesBody } from './body-timeout.js';
import { requestFingerprint } from './request-fingerprint.js';

/** An answer a request sent, as its repeats get it again. */
interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** What the idempotency service does for the hooks (the service owns the rules). */
export interface IdempotencyGate<Claim> {
  begin(
    actor: Actor,
    key: string,
    fingerprint: string,
    requestId: string,
  ): Promise<{ kind: 'run'; claim: Claim } | { kind: 'replay'; answer: Answer }>;
  settle(claim: Claim, answer: Answer | undefined): Promise<void>;
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const MUTATING: readonly string[] = IDEMPOTENCY_KEY_METHODS;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The request's `Idempotency-Key`, or undefined when it has none. Anything but 1–255 printable
 * ASCII characters is a 400 naming the header (control characters, spaces, other bytes: a key
 * is stored and compared, never shown, but it must not be able to carry anything else).
 */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[HEADER];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value)) return value;
  const message = `1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters, without spaces`;
  throw new AppError(
    'VALIDATION_FAILED',
    `invalid ${IDEMPOTENCY_KEY_HEADER} header: use ${message}`,
    {
      details: [{ field: IDEMPOTENCY_KEY_HEADER, rule: 'idempotency_key', message }],
    },
  );
}

/**
 * `Idempotency-Key` on every POST, PUT, PATCH and DELETE under /api (ARCHITECTURE §6): before
 * the handler, the key is claimed — or the first answer is sent again with
 * `Idempotent-Replayed: true` and the handler does not run; when the handler has answered, the
 * claim is settled with its answer. Only marked routes pay for it (route-level hooks), and a
 * request without the header passes untouched. Install before any route and before the JSON
 * compression (the answer is kept as the JSON text, not its compressed bytes).
 */
export function installIdempotency<Claim>(app: FastifyInstance, gate: IdempotencyGate<Claim>) {
  const keys = new WeakMap<FastifyRequest, string>();
  const claims = new WeakMap<FastifyRequest, Claim>();

  // Before the body is read: a malformed key costs no upload.
  function readKey(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    let key: string | undefined;
    try {
      key = idempotencyKeyOf(request.headers);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (key !== undefined) keys.set(request, key);
    done();
  }

  // After the body is parsed (the fingerprint reads it) and before the handler.
  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply) {
    const key = keys.get(request);
    if (key === undefined) return;
    const fingerprint = requestFingerprint({
      method: request.method,
      url: request.url,
      body: request.body,
      contentType: request.headers['content-type'],
      contentLength: request.headers['content-length'],
      hasBody: announcesBody(request.raw),
    });
    const outcome = await gate.begin(request.actor, key, fingerprint, request.id);
    if (outcome.kind === 'run') {
      claims.set(request, outcome.claim);
      return;
    }
    const { status, contentType, body } = outcome.answer;
    return reply
      .code(status)
      .header('content-type', contentType)
      .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      .send(body);
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) return; // not an /api route
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => MUTATING.includes(method))) return;
    route.onRequest = [...asList(route.onRequest), readKey];
    route.preHandler = [...asList(route.preHandler), claimOrReplay];
  });

  // Every answer passes here (a route's own onSend would run after the compression); those
  // without a claim at the first test. The claim is settled before the answer leaves, so a
  // repeat sent after it arrived finds it kept.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (claim === undefined) {
      done(null, payload);
      return;
    }
    claims.delete(request);
    const type = reply.getHeader('content-type');
    const answer =
      typeof payload === 'string' && typeof type === 'string' && JSON_TYPE.test(type)
        ? { status: reply.statusCode, contentType: type, body: payload }
        : undefined; // a stream or other content: not kept (docs/ARCHITECTURE.md)
    gate.settle(claim, answer).then(
      () => done(null, payload),
      (err: unknown) => {
        // The answer still goes out. The key stays claimed until it expires (repeats get 409):
        // the work may have been done, and freeing the key could let a repeat do it twice.
        request.log.error({ err }, 'could not keep the answer of an Idempotency-Key');
        done(null, payload);
      },
    );
  });
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
