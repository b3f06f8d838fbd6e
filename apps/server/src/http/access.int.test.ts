import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app-harness.js';
import { DATABASE_KINDS } from '../../test/databases.js';
import { adminToken, apiKey, bearer, givenApiKey } from '../../test/identity.js';
import { canAccessPath } from '../core/access-policy.js';
import { sendData } from './envelope.js';

describe('access control', () => {
  it('refuses to start when an API route declares no access rule', async () => {
    const t = await buildTestApp('sqlite');
    try {
      expect(() => t.app.get('/api/forgot-to-declare', () => ({}))).toThrow(
        'route GET /api/forgot-to-declare declares no access rule',
      );
    } finally {
      await t.close();
    }
  });

  it('checks access before reading the body', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/system-settings',
        headers: { 'content-type': 'application/json' },
        payload: '{ this is not json',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    } finally {
      await t.close();
    }
  });
});

describe.each(DATABASE_KINDS)('permission and basic-path checks through HTTP on %s', (kind) => {
  it('lets each identity through exactly the routes its permissions allow', async () => {
    const t = await buildTestApp(kind);
    try {
      for (const permission of ['text', 'file', 'mount'] as const) {
        t.app.get(
          `/api/test/needs-${permission}`,
          { config: { access: { permission } } },
          (request, reply) => sendData(reply, { actor: request.actor.kind }),
        );
      }
      t.app.get(
        '/api/test/path',
        { config: { access: { permission: 'mount' } } },
        (request, reply) =>
          sendData(reply, {
            allowed: canAccessPath(request.actor, (request.query as { p: string }).p),
          }),
      );
      const token = await adminToken(t);
      const textKey = (await givenApiKey(t, token, { text: true })).key;
      const mountKey = (await givenApiKey(t, token, { mount: true, basic_path: '/docs' })).key;
      const status = async (url: string, headers: Record<string, string> = {}) =>
        (await t.app.inject({ method: 'GET', url, headers })).statusCode;

      expect(await status('/api/test/needs-text')).toBe(401);
      expect(await status('/api/test/needs-text', bearer(token))).toBe(200);
      expect(await status('/api/test/needs-file', bearer(token))).toBe(200);
      expect(await status('/api/test/needs-text', apiKey(textKey))).toBe(200);
      const denied = await t.app.inject({
        method: 'GET',
        url: '/api/test/needs-file',
        headers: apiKey(textKey),
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ error: 'PERMISSION_DENIED' });
      expect(await status('/api/test/needs-mount', apiKey(textKey))).toBe(403);
      expect(await status('/api/test/needs-mount', apiKey(mountKey))).toBe(200);

      const allowed = async (p: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/test/path?p=${encodeURIComponent(p)}`,
            headers: apiKey(mountKey),
          })
        ).json<{ data: { allowed: boolean } }>().data.allowed;
      expect(await allowed('/docs')).toBe(true);
      expect(await allowed('/docs/reports/q1.pdf')).toBe(true);
      expect(await allowed('/docs-private')).toBe(false);
      expect(await allowed('/docs-private/secret.txt')).toBe(false);
      expect(await allowed('/')).toBe(false);
      const traversal = await t.app.inject({
        method: 'GET',
        url: `/api/test/path?p=${encodeURIComponent('/docs/../etc')}`,
        headers: apiKey(mountKey),
      });
      expect(traversal.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
