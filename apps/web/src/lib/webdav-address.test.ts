import { afterEach, describe, expect, it } from 'vitest';
import { setApiHostOverride } from './api/host';
import { gvfsAddress, webDavAddress, webDavRoot } from './webdav-address';

afterEach(() => {
  delete window.__PASTEPORT_CONFIG__;
  localStorage.clear();
});

/** The folder path a WebDAV client reads back from an address under the root. */
function decodedPath(address: string, root: string): string {
  const names = address.slice(root.length).split('/').filter(Boolean);
  return `/${names.map((name) => decodeURIComponent(name)).join('/')}`;
}

describe('webDavRoot', () => {
  it.each([
    ['/api', 'https://paste.example.com', 'https://paste.example.com/dav/'],
    ['/api', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787/dav/'],
    ['https://api.example.com/api', 'https://app.example.com', 'https://api.example.com/dav/'],
    ['https://example.com/paste/api', 'https://app.example.com', 'https://example.com/paste/dav/'],
    ['/paste/api', 'https://example.com', 'https://example.com/paste/dav/'],
    [
      'https://example.com:8443/backend',
      'https://app.example.com',
      'https://example.com:8443/dav/',
    ],
  ])('API base %j on a page at %j → %j', (base, origin, expected) => {
    expect(webDavRoot(base, origin)).toBe(expected);
  });

  it('follows the API the app talks to: same origin, config.js, then the switcher', () => {
    expect(webDavRoot()).toBe(`${window.location.origin}/dav/`);
    window.__PASTEPORT_CONFIG__ = { apiBaseUrl: 'https://files.example.com' };
    expect(webDavRoot()).toBe('https://files.example.com/dav/');
    setApiHostOverride('https://staging.example.com/api');
    expect(webDavRoot()).toBe('https://staging.example.com/dav/');
  });
});

describe('webDavAddress', () => {
  const base = 'https://paste.example.com/api';
  const root = 'https://paste.example.com/dav/';

  it('is the root for / and a folder address ending in / for any other path', () => {
    expect(webDavAddress('/', base)).toBe(root);
    expect(webDavAddress('', base)).toBe(root);
    expect(webDavAddress('/docs', base)).toBe(`${root}docs/`);
    expect(webDavAddress('/docs/', base)).toBe(`${root}docs/`);
    expect(webDavAddress('/team/docs', base)).toBe(`${root}team/docs/`);
  });

  it('encodes each name on its own', () => {
    expect(webDavAddress('/团队 文件/a#b?c%d+e&f', base)).toBe(
      `${root}%E5%9B%A2%E9%98%9F%20%E6%96%87%E4%BB%B6/a%23b%3Fc%25d%2Be%26f/`,
    );
  });

  it.each([
    '/团队 文件',
    '/docs/a b/c  d',
    '/x/#1/?q=2',
    '/100%/50%25',
    '/a+b/c + d',
    '/émoji 🎉/naïve',
    '/it\'s/"quoted"/<tag>',
  ])('round-trips %j through a client that decodes each name', (path) => {
    const address = webDavAddress(path, base);
    expect(() => new URL(address)).not.toThrow();
    expect(new URL(address).hash).toBe('');
    expect(new URL(address).search).toBe('');
    expect(decodedPath(address, root)).toBe(path);
  });
});

describe('gvfsAddress', () => {
  it('uses davs:// for https and dav:// for http', () => {
    expect(gvfsAddress('https://h.example/dav/a%20b/')).toBe('davs://h.example/dav/a%20b/');
    expect(gvfsAddress('http://10.0.0.2:8787/dav/')).toBe('dav://10.0.0.2:8787/dav/');
  });
});
