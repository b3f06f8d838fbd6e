import { describe, expect, it } from 'vitest';
import { isAssetRequest, isConfigRequest, NAVIGATION_DENYLIST } from './routes';

const ORIGIN = 'https://paste.example';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);

describe('service worker routes', () => {
  it('caches this origin’s hashed files only', () => {
    expect(isAssetRequest(at('/assets/home-1.js'), ORIGIN)).toBe(true);
    expect(isAssetRequest(at('/assets/home-1.js', 'https://cdn.example'), ORIGIN)).toBe(false);
    expect(isAssetRequest(at('/api/assets/x'), ORIGIN)).toBe(false);
    expect(isAssetRequest(at('/config.js'), ORIGIN)).toBe(false);
  });

  it('takes config.js of this origin network-first', () => {
    expect(isConfigRequest(at('/config.js'), ORIGIN)).toBe(true);
    expect(isConfigRequest(at('/config.js', 'https://other.example'), ORIGIN)).toBe(false);
    expect(isConfigRequest(at('/assets/config.js'), ORIGIN)).toBe(false);
  });

  it('never answers the API, WebDAV or the share target with the app shell', () => {
    const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
    for (const path of ['/api', '/api/raw/abc', '/dav', '/dav/docs/a.txt', '/share-target']) {
      expect(denied(path)).toBe(true);
    }
    for (const path of ['/', '/paste/abc', '/apiary', '/davidson', '/mount-explorer/dav']) {
      expect(denied(path)).toBe(false);
    }
  });
});
