import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRangeHeader, resolveByteRange } from '../storage/byte-range.js';
import { contentRange, matchesEtag, objectValidators } from '../storage/object-headers.js';
import type { ObjectInfo, StorageDriver } from '../storage/storage-driver.js';
import { userContentHeaders, type UserContentUse } from './user-content.js';

/** A stored object to answer with, and how the answer shows it. */
export interface ServedObject {
  driver: Pick<StorageDriver, 'stat' | 'read'>;
  key: string;
  /** The object's size: ranges resolve against it, HEAD tells it. */
  size: number;
  /** The stored type (normalised on the way out, see userContentHeaders). */
  contentType: string;
  /** The name Content-Disposition carries. */
  filename?: string | undefined;
  /** `view` is inline when the type is passive; `download` is always an attachment. */
  use: UserContentUse;
  cacheControl: string;
  /** The ETag If-None-Match is compared with; null: the answer is never a 304. */
  etag: string | null;
  /** What a stat already told, when the caller made one: HEAD and 304 need no other. */
  info?: ObjectInfo | undefined;
  /**
   * Runs once a GET is known to carry content (not a 304, its range satisfiable), before a
   * byte is read: the place to count a read. A URL it returns sends the client there (302)
   * instead.
   */
  beforeBody?: (() => Promise<string | undefined>) | undefined;
}

/**
 * Answers GET or HEAD with a stored object, the same for every route that serves one: the
 * user-content headers (type, disposition, sandbox and framing rules), Accept-Ranges and the
 * caller's Cache-Control on every answer; 304 for a matching If-None-Match; one byte range
 * (206, 416 when unsatisfiable, several ranges → the whole body); the object's validators.
 */
export async function serveObject(
  request: FastifyRequest,
  reply: FastifyReply,
  object: ServedObject,
): Promise<FastifyReply> {
  void reply.headers({
    ...userContentHeaders(
      object.contentType,
      object.use,
      object.filename,
      request.server.userContent,
    ),
    'Accept-Ranges': 'bytes',
    'Cache-Control': object.cacheControl,
  });
  if (
    object.etag !== null &&
    (matchesEtag(request.headers['if-none-match'], object.etag) ||
      notModifiedSince(request.headers, object.info))
  ) {
    const validators = object.info ? objectValidators(object.info) : { ETag: `"${object.etag}"` };
    return reply.code(304).headers(validators).send();
  }
  const requested = parseRangeHeader(request.headers.range);
  const range = requested ? resolveByteRange(requested, object.size) : null;

  if (request.method === 'HEAD') {
    const info = object.info ?? (await object.driver.stat(object.key));
    if (info) void reply.headers(objectValidators(info));
    const length = range ? range.end - range.start + 1 : object.size;
    if (range) void reply.code(206).header('Content-Range', contentRange(range, object.size));
    return reply.header('Content-Length', String(length)).send();
  }

  const location = await object.beforeBody?.();
  if (location !== undefined) {
    return reply.code(302).header('location', location).header('cache-control', 'no-store').send();
  }
  const body = await object.driver.read(object.key, range ? { range } : {});
  void reply.headers(objectValidators(body)).header('Content-Length', String(body.contentLength));
  if (body.range) void reply.code(206).header('Content-Range', contentRange(body.range, body.size));
  return reply.send(body.stream);
}

/**
 * `If-Modified-Since` (RFC 9110 §13.1.3): only without `If-None-Match`, which wins, and only
 * when the caller already stat'ed the object; HTTP dates have whole seconds.
 */
function notModifiedSince(
  headers: FastifyRequest['headers'],
  info: ObjectInfo | undefined,
): boolean {
  const since = headers['if-modified-since'];
  if (!info || since === undefined || headers['if-none-match'] !== undefined) return false;
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) return false;
  return Math.floor(info.lastModified.getTime() / 1000) * 1000 <= sinceMs;
}
