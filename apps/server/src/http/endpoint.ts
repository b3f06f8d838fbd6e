import type { Endpoint } from '@pasteport/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { parseWith } from './validate.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route takes, validated by its entry's schemas before the handler runs. */
export interface EndpointInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: E['body'] extends { kind: 'json'; schema: infer S } ? Parsed<S> : undefined;
}

/** Per-route Fastify options the table does not hold (body limits, HEAD, extra config). */
export type RouteExtras = Omit<RouteShorthandOptions, 'config'> & {
  config?: Omit<FastifyContextConfig, 'access'>;
};

export type EndpointHandler<E extends Endpoint> = (
  request: FastifyRequest,
  reply: FastifyReply,
  input: EndpointInput<E>,
) => unknown;

/**
 * Registers a route from its endpoint table entry: its method(s), path and access rule come
 * from the entry, and its params, query and JSON body are parsed with the entry's schemas (a
 * mismatch is the usual 400 naming each field) before the handler runs. Inside a plugin with
 * a prefix, the entry's path must start with that prefix.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  extras: RouteExtras,
  handler: EndpointHandler<E>,
): void {
  if (!entry.path.startsWith(app.prefix)) {
    throw new Error(`${entry.path} cannot be registered under the prefix ${app.prefix}`);
  }
  app.route({
    ...extras,
    method: entry.head ? [entry.method, 'HEAD'] : entry.method,
    url: entry.path.slice(app.prefix.length),
    ...(entry.head && { exposeHeadRoute: false }),
    config: { ...extras.config, access: entry.access },
    handler: (request, reply) => handler(request, reply, inputOf(entry, request)),
  });
}

/** The request's parts as the entry's schemas read them (path, then query, then body). */
function inputOf<E extends Endpoint>(entry: E, request: FastifyRequest): EndpointInput<E> {
  const body = entry.body;
  return {
    params: entry.params ? parseWith(entry.params, request.params, 'path') : undefined,
    query: entry.query ? parseWith(entry.query, request.query, 'query') : undefined,
    body:
      body?.kind === 'json'
        ? parseWith(body.schema, body.optional ? (request.body ?? {}) : request.body, 'body')
        : undefined,
  } as EndpointInput<E>;
}
