import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './envelope.js';

/** Hashed build assets never change under the same name, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, service worker, manifest) must be revalidated on each load. */
const REVALIDATE = 'no-cache';
/**
 * Files the web build ships with `.br` and `.gz` copies beside them (apps/web/build/precompress.ts).
 * Their answers depend on Accept-Encoding even when sent as they are, so caches must key on it.
 */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ttf)$/i;
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built web app: files from its dist folder, and index.html for every other GET so
 * client-side routes load. Unknown /api paths get the JSON 404 envelope instead.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  const hasWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      // Sends the build's brotli or gzip copy when the client accepts it (br before gzip,
      // q=0 honoured), streamed from disk with its own length and ETag; ranges then count
      // bytes of that copy, as HTTP defines them for a content-coded representation.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDistDir, filePath);
        res.setHeader(
          'Cache-Control',
          rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE,
        );
        if (COMPRESSIBLE_FILE.test(filePath.replace(PRECOMPRESSED_SUFFIX, ''))) {
          res.setHeader('Vary', 'Accept-Encoding');
        }
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; serving the API only');
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('Cache-Control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  // The static plugin answers a bare directory with 403, so the root page gets its own route.
  if (hasWeb) app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && isPage && !isApiPath(request.url) && !request.url.startsWith('/assets/')) {
      return sendIndex(reply);
    }
    const message = isApiPath(request.url)
      ? `no API route ${request.method} ${request.url.split('?')[0] ?? ''}`
      : 'not found';
    return reply
      .code(404)
      .send(
        errorBody(
          404,
          isApiPath(request.url) ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND',
          message,
          request.id,
        ),
      );
  });
}
