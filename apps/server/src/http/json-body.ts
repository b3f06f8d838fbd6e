import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, where an empty body is no body: many clients send `Content-Type:
 * application/json` on every call (SPEC §7: the body is JSON by default), bodiless logouts and
 * deletes included. The route then sees no body at all; a body that is there but is not JSON
 * is still a 400 MALFORMED_BODY.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  // Fastify's own parser with its default poisoning guards ('error' for both).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      if (body.length === 0) done(null, undefined);
      else void parseJson(request, body, done);
    },
  );
}
