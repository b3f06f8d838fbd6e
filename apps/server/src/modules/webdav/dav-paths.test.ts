import { describe, expect, it } from 'vitest';
import { davTargetOf, davTargetOfReference, hrefOf, nameOfPath, parentOf } from './dav-paths.js';

describe('davTargetOf', () => {
  it('decodes each segment once as UTF-8 and keeps whether the URL ended in a slash', () => {
    expect(davTargetOf('/dav/docs/%E6%96%87%E4%BB%B6%20a%23b%25c%2Bd/')).toEqual({
      path: '/docs/文件 a#b%c+d',
      trailingSlash: true,
    });
    expect(davTargetOf('/dav')).toEqual({ path: '/', trailingSlash: false });
    expect(davTargetOf('/dav/')).toEqual({ path: '/', trailingSlash: false });
  });

  it('ignores the query and refuses a raw fragment rather than guess what it names', () => {
    expect(davTargetOf('/dav/a/b?x=1').path).toBe('/a/b');
    expect(() => davTargetOf('/dav/a/frag/#ment')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('keeps a double-encoded dot segment a literal name', () => {
    expect(davTargetOf('/dav/a/%252e%252e/b').path).toBe('/a/%2e%2e/b');
  });

  it('normalises decomposed names to NFC, as every path is', () => {
    expect(davTargetOf('/dav/e%CC%81').path).toBe('/\u00e9');
  });

  it.each([
    ['/dav/a/../b', 'a dot segment'],
    ['/dav/a/%2e%2e/b', 'an encoded dot segment'],
    ['/dav/a/..%2fb', 'an encoded slash'],
    ['/dav/a%2Fb', 'an encoded slash in a name'],
    ['/dav/a/%zz', 'a bad percent escape'],
    ['/dav/a/%c0%ae%c0%ae', 'overlong UTF-8'],
    ['/dav/a/%00b', 'NUL'],
    ['/dav/a/..%5cb', 'a backslash'],
  ])('refuses %s (%s) with 400', (url) => {
    expect(() => davTargetOf(url)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('answers 404 outside /dav', () => {
    expect(() => davTargetOf('/davx/a')).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('davTargetOfReference', () => {
  it('takes an absolute URL on this host or an absolute path', () => {
    expect(davTargetOfReference('http://127.0.0.1:8787/dav/a/b%20c', '127.0.0.1:8787').path).toBe(
      '/a/b c',
    );
    expect(davTargetOfReference('/dav/a/b', 'h').path).toBe('/a/b');
  });

  it('refuses another host (502) and never resolves dot segments', () => {
    expect(() => davTargetOfReference('http://evil.example/dav/a', 'h')).toThrow(
      expect.objectContaining({ status: 502 }),
    );
    expect(() => davTargetOfReference('http://h/dav/a/../../etc', 'h')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => davTargetOfReference('dav/a', 'h')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});

describe('hrefOf', () => {
  it('percent-encodes every name and marks collections with a slash', () => {
    expect(hrefOf('/docs/文件 a#b%c+d', false)).toBe(
      '/dav/docs/%E6%96%87%E4%BB%B6%20a%23b%25c%2Bd',
    );
    expect(hrefOf('/docs', true)).toBe('/dav/docs/');
    expect(hrefOf('/', true)).toBe('/dav/');
  });

  it('round-trips through davTargetOf', () => {
    const path = '/a/名前 with spaces/#%+&?;=';
    expect(davTargetOf(hrefOf(path, true)).path).toBe(path);
  });
});

describe('parentOf and nameOfPath', () => {
  it('split a normalised path', () => {
    expect(parentOf('/a/b/c')).toBe('/a/b');
    expect(parentOf('/a')).toBe('/');
    expect(nameOfPath('/a/b')).toBe('b');
  });
});
