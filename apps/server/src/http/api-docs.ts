import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_NAME, buildOpenApiDocument, endpoints, type OpenApiExtras } from '@pasteport/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { route } from './endpoint.js';

/**
 * The reference page's policy: its scripts and style sheet come from this server, it fetches
 * only the document (and, with "Try it out", this API). Swagger UI sets inline style
 * attributes and its style sheet embeds its icons as data: URLs, so those two are allowed;
 * nothing else is (no CDN, no eval, no fonts or frames from elsewhere).
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The renderer's files this server hands out, by the name the page asks for. */
const RENDERER_FILES = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: 'swagger-ui-bundle.js',
    type: 'text/javascript; charset=utf-8',
  },
} as const;

/** Starts the renderer on the document (a file of its own: the CSP allows no inline script). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    validatorUrl: null,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${APP_NAME} API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const rendererDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'),
);

/**
 * `GET /api/openapi.json` (the endpoint table as OpenAPI 3.1) and `GET /api/docs`, the
 * reference rendered by Swagger UI from this server's own copy of it. Both are built on first
 * request and kept.
 */
export function registerApiDocs(
  app: FastifyInstance,
  version: string,
  /** Routes outside the endpoint table the document describes too (GET /metrics). */
  extras: OpenApiExtras = {},
): void {
  let document: string | undefined;
  const assets = new Map<string, Promise<Buffer>>();

  route(app, endpoints.openApiDocument, {}, (_request, reply) => {
    document ??= JSON.stringify(
      buildOpenApiDocument(
        endpoints,
        {
          title: `${APP_NAME} API`,
          version,
          description:
            'Every /api route of this server, generated from its endpoint table, and the ' +
            'other routes it documents (the /metrics scrape). Answers are wrapped in ' +
            '`{ code, message, success, data }`; failures carry a stable `error` code.',
        },
        extras,
      ),
    );
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document);
  });

  route(app, endpoints.apiDocsPage, {}, (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', API_DOCS_CSP)
      .header('cache-control', 'no-cache')
      .send(PAGE),
  );

  route(app, endpoints.apiDocsAsset, {}, async (_request, reply, { params }) => {
    void reply.header('cache-control', 'public, max-age=3600');
    if (params.asset === 'init.js') {
      return reply.header('content-type', 'text/javascript; charset=utf-8').send(INIT_SCRIPT);
    }
    const asset = RENDERER_FILES[params.asset as keyof typeof RENDERER_FILES] as
      (typeof RENDERER_FILES)[keyof typeof RENDERER_FILES] | undefined;
    if (!asset) throw new AppError('NOT_FOUND', `no API reference asset ${params.asset}`);
    let bytes = assets.get(asset.file);
    if (!bytes) {
      bytes = readFile(path.join(rendererDir, asset.file));
      assets.set(asset.file, bytes);
    }
    return reply.header('content-type', asset.type).send(await bytes);
  });
}
