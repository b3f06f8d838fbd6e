import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app-harness.js';

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
