import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isErrorCode } from '../errors.js';
import { errorsOf, type Endpoint } from './define.js';
import { endpoints } from './index.js';
import { openApiPath, ROUTES, routeUrl, type RouteInfo } from './routes.js';

const table: [string, Endpoint][] = Object.entries(endpoints);
const ACCESS = ['public', 'authenticated', 'admin'];
const CONTEXTS = ['default', 'password-verification', 'change-password', 'file'];

/** The `:name` parameters of a path. */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);

describe('the endpoint table', () => {
  it('has one entry per route of the plain table, and each entry is that route', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [name, route] of Object.entries(ROUTES) as [string, RouteInfo][]) {
      const entry = endpoints[name as keyof typeof endpoints];
      expect(
        { method: entry.method, path: entry.path, access: entry.access, context: entry.context },
        name,
      ).toEqual({
        method: route.method,
        path: route.path,
        access: route.access,
        context: route.context,
      });
      expect((entry as Endpoint).head, name).toBe(route.head);
    }
  });

  it('names each method and path once', () => {
    const seen = new Map<string, string>();
    for (const [name, entry] of table) {
      const methods = entry.head ? [entry.method, 'HEAD'] : [entry.method];
      for (const method of methods) {
        const key = `${method} ${entry.path}`;
        expect(seen.get(key), `${name} repeats ${key}`).toBeUndefined();
        seen.set(key, name);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(table.length);
  });

  it('declares for every entry who may call it, its error context and its error codes', () => {
    for (const [name, entry] of table) {
      const access = entry.access;
      expect(
        typeof access === 'string'
          ? ACCESS.includes(access)
          : ['text', 'file', 'mount'].includes(access.permission),
        name,
      ).toBe(true);
      expect(CONTEXTS, name).toContain(entry.context);
      expect(entry.summary.length, name).toBeGreaterThan(0);
      expect(entry.tag.length, name).toBeGreaterThan(0);
      expect(entry.errors.every(isErrorCode), name).toBe(true);
      expect(errorsOf(entry), name).toContain('INTERNAL');
    }
  });

  it('puts every route under /api and validates exactly the parameters its path names', () => {
    for (const [name, entry] of table) {
      expect(entry.path.startsWith('/api/'), name).toBe(true);
      const declared = entry.params ? Object.keys((entry.params as z.ZodObject).shape) : [];
      expect(declared.sort(), name).toEqual(pathParams(entry.path).sort());
    }
  });

  it('marks share-password checks, the credential change and file calls with their context', () => {
    expect(endpoints.unlockPaste.context).toBe('password-verification');
    expect(endpoints.verifyFile.context).toBe('password-verification');
    expect(endpoints.changePassword.context).toBe('change-password');
    expect(endpoints.uploadForm.context).toBe('file');
    expect(endpoints.openPaste.context).toBe('default');
  });

  it('lists the checks every route of a kind may fail, besides its own', () => {
    expect(errorsOf(endpoints.listApiKeys)).toContain('ADMIN_ONLY');
    expect(errorsOf(endpoints.listUserFiles)).toContain('PERMISSION_DENIED');
    expect(errorsOf(endpoints.createPaste)).toEqual(
      expect.arrayContaining(['VALIDATION_FAILED', 'MALFORMED_BODY', 'SLUG_TAKEN']),
    );
    expect(errorsOf(endpoints.version)).not.toContain('VALIDATION_FAILED');
    // Every mutating route honours Idempotency-Key; reads do not.
    for (const entry of [endpoints.createPaste, endpoints.deleteAdminPaste, endpoints.clearTasks]) {
      expect(errorsOf(entry)).toEqual(
        expect.arrayContaining(['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_PROGRESS']),
      );
    }
    expect(errorsOf(endpoints.version)).not.toContain('IDEMPOTENCY_KEY_REUSED');
    expect(errorsOf(endpoints.openPaste)).not.toContain('IDEMPOTENCY_IN_PROGRESS');
  });
});

describe('route paths', () => {
  it('read in OpenAPI style with braces', () => {
    expect(openApiPath('/api/s3-configs/:id/set-default')).toBe('/api/s3-configs/{id}/set-default');
    expect(openApiPath('/api/url/import/:task_id')).toBe('/api/url/import/{task_id}');
  });

  it('fill in their parameters, encoded, and refuse a missing one', () => {
    expect(routeUrl(ROUTES.verifyFile, { slug: 'a b/c' })).toBe(
      '/api/public/files/a%20b%2Fc/verify',
    );
    expect(() => routeUrl(ROUTES.getAdminPaste)).toThrow(/needs the parameter id/);
  });
});
