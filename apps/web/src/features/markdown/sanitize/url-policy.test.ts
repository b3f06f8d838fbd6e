import { describe, expect, it } from 'vitest';
import { cleanUrl, safeImageSrc, safeLink, safeSrcset, webUrl } from './url-policy';

describe('cleanUrl', () => {
  it('drops tabs and newlines anywhere and trims controls and spaces like a browser', () => {
    expect(cleanUrl('java\tscr\nipt:alert(1)')).toBe('javascript:alert(1)');
    expect(cleanUrl(' \u0001 javascript:x \u0000')).toBe('javascript:x');
    expect(cleanUrl('https://example.com/a b')).toBe('https://example.com/a b');
  });
});

describe('safeLink', () => {
  it.each([
    ['https://example.com/x?y=1#z', 'web', 'https://example.com/x?y=1#z'],
    ['HTTP://EXAMPLE.com', 'web', 'http://example.com/'],
    ['//evil.example/path', 'web', 'https://evil.example/path'],
    ['\\\\evil.example/path', 'web', 'https://evil.example/path'],
    // Browsers read "/\" like "//"; either way the result is an explicit https link.
    ['/\\evil.example', 'web', 'https://evil.example/'],
    ['https:evil.example', 'web', 'https://evil.example/'],
    ['#section-1', 'anchor', '#section-1'],
    ['#中文', 'anchor', '#中文'],
    ['mailto:someone@example.com', 'mailto', 'mailto:someone@example.com'],
    ['MAILTO:someone@example.com', 'mailto', 'MAILTO:someone@example.com'],
  ])('keeps %s as a %s link', (raw, kind, href) => {
    expect(safeLink(raw)).toEqual({ kind, href });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
    'ftp://example.com/',
    'blob:https://example.com/uuid',
    'relative/path',
    '/absolute/path',
    './x',
    '?query',
    'http://',
    'mailto:/\\evil',
    '',
  ])('drops %j', (raw) => {
    expect(safeLink(raw)).toBeUndefined();
  });
});

describe('image and media sources', () => {
  it('allows web images and raster data images only', () => {
    expect(safeImageSrc('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(safeImageSrc('data:image/webp;base64,UklGRg==')).toBeDefined();
    expect(safeImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBeUndefined();
    expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeUndefined();
    expect(safeImageSrc('data:text/html,<script>alert(1)</script>')).toBeUndefined();
    expect(safeImageSrc('javascript:alert(1)')).toBeUndefined();
    expect(safeImageSrc('x')).toBeUndefined();
  });

  it('keeps a srcset only when every candidate is a web URL', () => {
    expect(safeSrcset('https://a.example/1.png 1x, https://a.example/2.png 2x')).toBe(
      'https://a.example/1.png 1x, https://a.example/2.png 2x',
    );
    expect(safeSrcset('https://a.example/1.png 1x, javascript:alert(1) 2x')).toBeUndefined();
    expect(safeSrcset('data:image/png;base64,AAAA 1x')).toBeUndefined();
    expect(safeSrcset('https://a.example/1.png 1x onerror')).toBeUndefined();
  });

  it('webUrl requires http(s) and a host', () => {
    expect(webUrl('https://example.com')).toBe('https://example.com/');
    expect(webUrl('mailto:a@b.c')).toBeUndefined();
    expect(webUrl('https://')).toBeUndefined();
  });
});
