import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpoints, type Endpoint } from '@pasteport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityOf } from '../../http/access.js';
import { processGarbagePacer } from '../../lib/garbage-pacer.js';
import type { ServerMetrics } from './server-metrics.js';

/** The route label of requests no route matched (their URL is the client's to choose). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Content answers that hand out file bytes: downloads, raw pastes, previews. */
const DOWNLOAD_ENDPOINTS: readonly Endpoint[] = [
  endpoints.downloadFile,
  endpoints.viewFile,
  endpoints.officeFile,
  endpoints.rawPaste,
  endpoints.fsDownload,
  endpoints.downloadArchive,
  endpoints.localGetObject,
];

const routeKey = (method: string, path: string) => `${method} ${path}`;

/** Upload routes: every entry whose body is streamed in by the route itself. */
const UPLOAD_ROUTES = new Set(
  Object.values(endpoints as Record<string, Endpoint>)
    .filter((entry) => entry.body?.kind === 'stream')
    .map((entry) => routeKey(entry.method, entry.path)),
);
const DOWNLOAD_ROUTES = new Set(DOWNLOAD_ENDPOINTS.map((e) => routeKey(e.method, e.path)));

/** The route pattern a request matched, never its URL (unbounded, attacker-chosen). */
export function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  return request.is404 || url === undefined ? UNMATCHED_ROUTE : url;
}

/**
 * Per-request metrics and the route and identity on the request's log lines: the byte meters
 * are attached before anything reads the body, the counters and the log fields after the
 * answer (Fastify writes its "request completed" line after the onResponse hooks). The byte
 * meters also pace the garbage collector: each streamed chunk is a buffer left for it.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  const pacer = processGarbagePacer();
  const received = (bytes: number) => {
    metrics.uploadBytes(bytes);
    pacer.note(bytes);
  };
  const sent = (bytes: number) => {
    metrics.downloadBytes(bytes);
    pacer.note(bytes);
  };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.routeOptions.url;
    if (url !== undefined && !request.is404) {
      const key = routeKey(request.method, url);
      const dav = request.routeOptions.config.webdav === true;
      if (UPLOAD_ROUTES.has(key) || (dav && request.method === 'PUT')) {
        meterRequestBody(request.raw, received);
      } else if (DOWNLOAD_ROUTES.has(key) || (dav && request.method === 'GET')) {
        meterResponseBody(reply.raw, sent);
      }
    }
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    // The request's own child logger (never the app's): later lines of it carry both.
    const log = request.log as Partial<{ setBindings(bindings: object): void }>;
    if (request.log !== app.log && typeof log.setBindings === 'function') {
      log.setBindings({ route, identity: identityOf(request) });
    }
    done();
  });
}

function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string') {
    return Buffer.byteLength(
      chunk,
      typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
    );
  }
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}

/**
 * Counts a request body as it arrives from the socket, whoever reads it (the multipart parser,
 * a stream into storage) and however it ends: the HTTP parser hands every chunk to `push`. A
 * `data` listener would switch the stream to flowing before its consumer is attached.
 */
function meterRequestBody(req: IncomingMessage, count: (bytes: number) => void): void {
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    const bytes = byteLength(chunk, encoding);
    if (bytes > 0) count(bytes);
    return push(chunk, encoding);
  };
}

/** Counts a response body as it is written (streamed answers are never held to be counted). */
function meterResponseBody(res: ServerResponse, count: (bytes: number) => void): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  // Some response implementations end by calling write(): that chunk is counted once, by end.
  let ending = false;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!ending) {
      const bytes = byteLength(chunk, rest[0]);
      if (bytes > 0) count(bytes);
    }
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const bytes = byteLength(chunk, rest[0]);
    if (bytes > 0) count(bytes);
    ending = true;
    try {
      return end(chunk, ...rest);
    } finally {
      ending = false;
    }
  }) as ServerResponse['end'];
}
