import { endpoints } from '@pasteport/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { route } from './endpoint.js';
import { installErrorHandler } from './error-handler.js';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

function bareApp(): FastifyInstance {
  app = Fastify();
  installErrorHandler(app);
  return app;
}

describe('route (registering from an endpoint table entry)', () => {
  it("takes the entry's method, path and access rule", async () => {
    const server = bareApp();
    const accesses: unknown[] = [];
    server.addHook('onRoute', (options) => {
      accesses.push(options.config?.access);
    });
    route(server, endpoints.updateUserPaste, {}, (_request, reply, { params, body }) =>
      reply.send({ id: params.id, remark: body.remark }),
    );
    const res = await server.inject({
      method: 'PUT',
      url: '/api/user/pastes/p1',
      payload: { remark: 'hi' },
    });
    expect(res.json()).toEqual({ id: 'p1', remark: 'hi' });
    expect(accesses).toEqual([{ permission: 'text' }]);
  });

  it('parses the path, then the query, then the body, with the usual 400s', async () => {
    const server = bareApp();
    route(server, endpoints.verifyFile, {}, (_request, reply) => reply.send({}));
    route(server, endpoints.officePreview, {}, (_request, reply, { query }) => reply.send(query));
    const longSlug = 'x'.repeat(51);
    const badPath = await server.inject({
      method: 'POST',
      url: `/api/public/files/${longSlug}/verify`,
      payload: { nope: 1 },
    });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(badPath.json<{ message: string }>().message).toMatch(/^invalid path: slug: /);
    const badBody = await server.inject({
      method: 'POST',
      url: '/api/public/files/abc/verify',
      payload: { nope: 1 },
    });
    expect(badBody.json<{ message: string }>().message).toMatch(/^invalid body: /);
    const query = await server.inject({ method: 'GET', url: '/api/office-preview/abc?token=t' });
    expect(query.json()).toEqual({ token: 't' });
  });

  it('validates a left-out optional body as {}', async () => {
    const server = bareApp();
    route(server, endpoints.clearAdminCache, {}, (_request, reply, { body }) => reply.send(body));
    const res = await server.inject({ method: 'POST', url: '/api/admin/cache/clear' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('answers HEAD with the same handler when the entry says so, and keeps the options', async () => {
    const server = bareApp();
    const methods: string[] = [];
    route(server, endpoints.viewFile, {}, (request, reply) => {
      methods.push(request.method);
      return reply.header('content-length', '0').send();
    });
    route(server, endpoints.openPaste, { exposeHeadRoute: false }, (_request, reply) =>
      reply.send({}),
    );
    await server.inject({ method: 'GET', url: '/api/file-view/abc' });
    await server.inject({ method: 'HEAD', url: '/api/file-view/abc' });
    expect(methods).toEqual(['GET', 'HEAD']);
    const head = await server.inject({ method: 'HEAD', url: '/api/paste/abc' });
    expect(head.statusCode).toBe(404);
  });

  it('registers under a plugin prefix relative to it, and refuses a path outside it', async () => {
    const server = bareApp();
    await server.register(
      (scoped, _options, done) => {
        route(scoped, endpoints.localPutPart, {}, (_request, reply) => reply.send({ ok: 1 }));
        expect(() =>
          route(scoped, endpoints.version, {}, (_request, reply) => reply.send({})),
        ).toThrow(/cannot be registered under the prefix \/api\/storage\/local/);
        done();
      },
      { prefix: '/api/storage/local' },
    );
    const res = await server.inject({ method: 'PUT', url: '/api/storage/local/part' });
    expect(res.json()).toEqual({ ok: 1 });
  });
});
