import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** JSON answers shorter than this (in characters) go out as they are: too small to gain. */
export const JSON_COMPRESS_MIN_CHARS = 1024;

/** Codings we produce, best first (equal q values go to the earlier one). */
const CODINGS = ['br', 'gzip'] as const;
type Coding = (typeof CODINGS)[number];

// On-the-fly levels: brotli 5 and gzip 6 compress JSON nearly as well as their maximum at a
// fraction of the CPU (the web build's static copies use the maximum, once, at build time).
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/**
 * The coding an Accept-Encoding header asks for: the highest q among br and gzip (br on a
 * tie), `*` standing for any coding not named; q=0 refuses. Undefined means send as is.
 */
export function pickCoding(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value?.trim());
    }
    quality.set(coding, Number.isFinite(q) ? q : 0);
  }
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of CODINGS) {
    const q = quality.get(coding) ?? quality.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) void reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(String(vary)))
    void reply.header('vary', `${String(vary)}, Accept-Encoding`);
}

/**
 * Compresses the API's JSON answers of JSON_COMPRESS_MIN_CHARS or more when the client accepts
 * br or gzip. Only serialised JSON (a string payload typed application/json) qualifies: user
 * content (raw pastes, file content and downloads) is typed by its owner, carries a
 * Content-Disposition and often streams with Range and ETag, so it always goes out as it is.
 * Fastify sets Content-Length from the compressed bytes after this hook.
 */
export function installJsonCompression(app: FastifyInstance): void {
  // Callback style, no promise: every response passes here; most return at the first test.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < JSON_COMPRESS_MIN_CHARS) {
      done(null, payload);
      return;
    }
    const type = reply.getHeader('content-type');
    if (
      typeof type !== 'string' ||
      !/^application\/json\s*(;|$)/i.test(type) ||
      reply.hasHeader('content-encoding') ||
      reply.hasHeader('content-disposition') ||
      reply.hasHeader('etag') ||
      reply.statusCode === 206
    ) {
      done(null, payload);
      return;
    }
    addVary(reply);
    const coding = pickCoding(request.headers['accept-encoding']);
    if (coding === undefined) {
      done(null, payload);
      return;
    }
    const finish = (error: Error | null, compressed: Buffer) => {
      if (error) {
        // A compression failure must not lose the answer: send it as it is.
        request.log.warn({ err: error }, 'JSON compression failed; answering uncompressed');
        done(null, payload);
        return;
      }
      void reply.header('content-encoding', coding);
      done(null, compressed);
    };
    if (coding === 'br') zlib.brotliCompress(payload, BROTLI_OPTIONS, finish);
    else zlib.gzip(payload, GZIP_OPTIONS, finish);
  });
}
