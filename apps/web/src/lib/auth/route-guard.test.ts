import type { ApiKeyPermissions } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { decideRoute, mountExplorerUrl, routeNeedsAuth } from './route-guard';
import { NO_SESSION, type ApiKeySession, type AuthSession } from './session';

const admin: AuthSession = { type: 'admin', token: 't', username: 'root', expiresAt: '' };

function key(permissions: Partial<ApiKeyPermissions>, basicPath = '/'): ApiKeySession {
  return {
    type: 'apikey',
    key: 'k',
    permissions: { text: false, file: false, mount: false, ...permissions },
    info: { id: '1', name: 'bot', basic_path: basicPath },
  };
}

describe('decideRoute (SPEC §5 route guard)', () => {
  it.each(['/admin', '/admin/settings', '/mount-explorer/secret'])(
    'lets a signed-out user continue to %s without a redirect',
    (path) => {
      expect(decideRoute(NO_SESSION, path)).toEqual({ action: 'allow' });
    },
  );

  it('lets the admin go anywhere', () => {
    expect(decideRoute(admin, '/mount-explorer/anything')).toEqual({ action: 'allow' });
    expect(decideRoute(admin, '/admin/key-management')).toEqual({ action: 'allow' });
  });

  it.each(['/admin', '/admin/text-management', '/mount-explorer', '/mount-explorer/docs'])(
    'sends a key without text, file or mount permission from %s to Home with a notice',
    (path) => {
      expect(decideRoute(key({}), path)).toEqual({
        action: 'redirect',
        to: '/',
        notice: 'apiKeyNoPermission',
      });
    },
  );

  it('does not guard routes outside the admin area and the mount explorer', () => {
    expect(decideRoute(key({}), '/')).toEqual({ action: 'allow' });
    expect(decideRoute(key({}), '/upload')).toEqual({ action: 'allow' });
    expect(decideRoute(key({}), '/administrator')).toEqual({ action: 'allow' });
  });

  it.each(['/mount-explorer/docs', '/mount-explorer/docs/2026', '/mount-explorer//docs/'])(
    'lets a mount key into %s inside its basic path /docs',
    (path) => {
      expect(decideRoute(key({ mount: true }, '/docs'), path)).toEqual({ action: 'allow' });
    },
  );

  it.each([
    '/mount-explorer',
    '/mount-explorer/docs-private',
    '/mount-explorer/other/docs',
    // The server refuses `..` rather than resolving it: so does the guard, whatever it names.
    '/mount-explorer/docs/../docs',
    '/mount-explorer/docs/a/..',
  ])('sends a mount key from %s back to /mount-explorer/docs', (path) => {
    expect(decideRoute(key({ mount: true }, '/docs'), path)).toEqual({
      action: 'redirect',
      to: '/mount-explorer/docs',
    });
  });

  it('reads the pathname as the browser sends it: names percent-encoded', () => {
    const team = key({ mount: true }, '/团队');
    expect(decideRoute(team, '/mount-explorer/%E5%9B%A2%E9%98%9F/a%20b')).toEqual({
      action: 'allow',
    });
    for (const path of ['/mount-explorer/%E5%9B%A2%E9%98%9F%2F..%2Fother', '/mount-explorer/x']) {
      expect(decideRoute(team, path)).toEqual({
        action: 'redirect',
        to: '/mount-explorer/%E5%9B%A2%E9%98%9F',
      });
    }
    expect(decideRoute(key({ mount: true }, '/docs'), '/mount-explorer/docs/%2e%2e')).toEqual({
      action: 'redirect',
      to: '/mount-explorer/docs',
    });
  });

  it('lets a mount key with basic path / browse everything', () => {
    expect(decideRoute(key({ mount: true }), '/mount-explorer/a/b')).toEqual({ action: 'allow' });
  });

  it('leaves the basic path rule to keys with mount permission', () => {
    expect(decideRoute(key({ text: true }, '/docs'), '/mount-explorer/x')).toEqual({
      action: 'allow',
    });
  });

  it('lets a key with any permission into the admin area (modules decide the rest)', () => {
    expect(decideRoute(key({ file: true }), '/admin/settings')).toEqual({ action: 'allow' });
  });
});

describe('routeNeedsAuth / mountExplorerUrl', () => {
  it('marks the admin area and the mount explorer', () => {
    expect(routeNeedsAuth('/admin')).toBe(true);
    expect(routeNeedsAuth('/admin/x')).toBe(true);
    expect(routeNeedsAuth('/mount-explorer/a')).toBe(true);
    expect(routeNeedsAuth('/upload')).toBe(false);
    expect(routeNeedsAuth('/admins')).toBe(false);
  });

  it('builds explorer URLs from basic paths', () => {
    expect(mountExplorerUrl('/')).toBe('/mount-explorer');
    expect(mountExplorerUrl('/docs/')).toBe('/mount-explorer/docs');
    expect(mountExplorerUrl('/docs/../etc')).toBe('/mount-explorer');
    expect(mountExplorerUrl('/a#b/c d')).toBe('/mount-explorer/a%23b/c%20d');
  });
});
